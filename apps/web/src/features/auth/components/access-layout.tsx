// The frame of the access pages: the brand and a way home above the card with the form. With a
// side panel (the access screen's marketing panel) the page splits in two on wide screens.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import { LiveClock } from '../../../components/live-clock';

interface AccessLayoutProps {
  /** The link to the landing page, in the page's language. */
  homeLabel: string;
  withClock?: boolean;
  /** Shown beside the form on wide screens only. */
  aside?: ReactNode;
  /** Small widgets in the top bar, before the clock. */
  tools?: ReactNode;
  /** Below the form, inside the card. */
  footer?: ReactNode;
  children: ReactNode;
}

export function AccessLayout({
  homeLabel,
  withClock = false,
  aside,
  tools,
  footer,
  children,
}: AccessLayoutProps) {
  return (
    <div className={aside ? 'access access--split' : 'access'}>
      {aside}
      <div className="access__side">
        <header className="access__bar">
          <div className="access__home">
            <Brand />
            <Link to="/" className="access__back">
              {`← ${homeLabel}`}
            </Link>
          </div>
          <div className="access__tools">
            {tools}
            {withClock && <LiveClock />}
          </div>
        </header>
        <main className="access__main">
          <div className="card access__card">
            {children}
            {footer}
          </div>
        </main>
      </div>
    </div>
  );
}
