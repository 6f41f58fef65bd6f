// The build's server-side entry (build/prerender.ts runs it in Node after the client build): draws
// a public page to HTML with the same routes and the same tree the browser hydrates (main.tsx).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app';
import { loadRoutesOf, routes } from './router';

/** The markup of `#root` for `pathname`, its screen's chunks loaded first as the browser will. */
export async function renderPage(pathname: string): Promise<string> {
  await loadRoutesOf(pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
