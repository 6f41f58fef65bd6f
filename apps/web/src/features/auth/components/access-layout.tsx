// The frame of the access pages: the brand and a way home above the card with the form.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import { LiveClock } from '../../../components/live-clock';

interface AccessLayoutProps {
  /** The link to the landing page, in the page's language. */
  homeLabel: string;
  withClock?: boolean;
  children: ReactNode;
}

export function AccessLayout({ homeLabel, withClock = false, children }: AccessLayoutProps) {
  return (
    <div className="access">
      <header className="access__bar">
        <div className="access__home">
          <Brand />
          <Link to="/" className="access__back">
            {`← ${homeLabel}`}
          </Link>
        </div>
        {withClock && <LiveClock />}
      </header>
      <main className="access__main">
        <div className="card access__card">{children}</div>
      </main>
    </div>
  );
}
