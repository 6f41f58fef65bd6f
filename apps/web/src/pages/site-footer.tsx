import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <Link to="/tos">Terms of Service</Link>
      <Link to="/privacy">Privacy Policy</Link>
    </footer>
  );
}
