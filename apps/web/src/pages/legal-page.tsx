// Terms of Service and Privacy Policy: placeholder text only (product-spec.md section 2), under
// the landing's header, whose menu leads back to the sections of the home page.
import { Link } from 'react-router';
import { SiteFooter } from './landing/site-footer';
import { SiteHeader } from './landing/site-header';
import { useDocumentTheme } from '../lib/theme';
import { useScrollOnArrival } from './landing/use-scroll-on-arrival';
import './landing/landing.css';

const DOCUMENTS = {
  tos: { title: 'Terms of Service' },
  privacy: { title: 'Privacy Policy' },
} as const;

export function LegalPage({ document }: { document: keyof typeof DOCUMENTS }) {
  useDocumentTheme();
  useScrollOnArrival();
  const { title } = DOCUMENTS[document];
  return (
    <div className="public-site">
      <SiteHeader onLanding={false} />
      <main className="legal">
        <article className="legal__body">
          <p className="eyebrow">Legal</p>
          <h1 className="legal__title">{title}</h1>
          <p className="legal__lead">
            This document is a placeholder. The full {title} will be published here.
          </p>
          <p>
            Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut
            labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris
            nisi ut aliquip ex ea commodo consequat.
          </p>
          <p>
            Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla
            pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt
            mollit anim id est laborum.
          </p>
          <p>
            <Link to="/">Back to Home</Link>
          </p>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
