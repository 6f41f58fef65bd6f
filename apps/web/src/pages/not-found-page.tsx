// The page of a path that is none of the app's routes (/foo): the server answers it with a 404
// (apps/server/src/plugins/web-app.ts) and the app draws this, under the public site's header,
// with the way back home.
import { Link } from 'react-router';
import { SiteFooter } from './landing/site-footer';
import { SiteHeader } from './landing/site-header';
import { useDocumentTheme } from '../lib/theme';
import './landing/landing.css';

export function NotFoundPage() {
  useDocumentTheme();
  return (
    <div className="public-site">
      <SiteHeader onLanding={false} />
      <main className="legal">
        <article className="legal__body">
          <p className="eyebrow">Errore 404</p>
          <h1 className="legal__title">Pagina non trovata</h1>
          <p className="legal__lead">La pagina che cerchi non esiste o è stata spostata.</p>
          <p>
            <Link to="/">Torna alla home</Link>
          </p>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
