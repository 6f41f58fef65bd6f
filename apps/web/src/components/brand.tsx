// The logo is the brand's own mark, not an icon of a set: it stays drawn here.
import { APP_NAME } from '@platform/contracts';
import { Link } from 'react-router';
import './components.css';

/** The logo with the product name; a link home unless told otherwise. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label={`${APP_NAME} – Home`}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#fff" />
        <path
          d="M7 22l6-7 5 4 7-9"
          fill="none"
          stroke="var(--color-primary)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">{APP_NAME}</span>
    </Link>
  );
}
