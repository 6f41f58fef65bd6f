// A page the build drew (build/prerender.ts marks its root with the path it drew) is hydrated: its
// markup painted before any script arrived, and React takes it over as it is. Any other page is
// rendered from nothing.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { loadRoutesOf, routes } from './app/router';
import { markHydrated } from './lib/hydration';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A link's token (/login?token=…, a reset link) opens another screen than the one drawn for the path.
const drawnAsIs =
  root.dataset.prerendered === window.location.pathname &&
  !new URLSearchParams(window.location.search).has('token');

if (drawnAsIs) {
  await loadRoutesOf(window.location.pathname);
  markHydrated();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
  });
} else {
  // The drawn markup of another path or screen must not stay under the app.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
