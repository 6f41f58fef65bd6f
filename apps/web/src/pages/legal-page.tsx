// Terms of Service and Privacy Policy: placeholder text only (product-spec.md section 2).
import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { SiteFooter } from './site-footer';
import './pages.css';

const DOCUMENTS = {
  tos: { title: 'Terms of Service' },
  privacy: { title: 'Privacy Policy' },
} as const;

export function LegalPage({ document }: { document: keyof typeof DOCUMENTS }) {
  const { title } = DOCUMENTS[document];
  return (
    <div className="legal">
      <header className="site-header site-header--solid">
        <Brand />
        <Link to="/" className="button button--light">
          Home
        </Link>
      </header>
      <main className="legal__body card">
        <h1>{title}</h1>
        <p>This document is a placeholder. The full {title} will be published here.</p>
        <p>
          Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore
          magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo
          consequat.
        </p>
        <p>
          <Link to="/">Back to Home</Link>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
