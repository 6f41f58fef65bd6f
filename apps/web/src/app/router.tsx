// The routes of product-spec.md section 2. Features meet here and nowhere else. The entry chunk
// holds only this table: every screen, the landing included, and the session machinery the public
// pages do not use come in chunks of their own, named by `lazy`. The router loads the chunks of
// every route a URL matches at once (for /login the session layout and the access screen side by
// side, not one after the other), so a screen costs one round trip after the entry, and a page
// that does not show a screen never downloads it.
import { matchRoutes, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { loadChunk } from '../lib/load-chunk';
import { CrashScreen } from './crash-screen';

export const routes: RouteObject[] = [
  {
    errorElement: <CrashScreen />,
    // Shown while the first screen's chunks arrive on a page the build did not draw (build/prerender.ts).
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      {
        path: '/',
        lazy: () =>
          loadChunk(() => import('../pages/landing-page')).then((module) => ({
            Component: module.LandingPage,
          })),
      },
      {
        path: '/tos',
        lazy: () =>
          loadChunk(() => import('../pages/legal-page')).then((module) => ({
            element: <module.LegalPage document="tos" />,
          })),
      },
      {
        path: '/privacy',
        lazy: () =>
          loadChunk(() => import('../pages/legal-page')).then((module) => ({
            element: <module.LegalPage document="privacy" />,
          })),
      },
      {
        lazy: () =>
          loadChunk(() => import('./session-routes')).then((module) => ({ Component: module.SessionRoutes })),
        children: [
          {
            lazy: () =>
              loadChunk(() => import('./session-routes')).then((module) => ({ Component: module.GuestOnly })),
            children: [
              {
                path: '/login',
                lazy: () =>
                  loadChunk(() => import('../features/auth/access-screen')).then((module) => ({
                    Component: module.AccessScreen,
                  })),
              },
              {
                path: '/reset-password',
                lazy: () =>
                  loadChunk(() => import('../features/auth/password-reset-screen')).then((module) => ({
                    Component: module.PasswordResetScreen,
                  })),
              },
            ],
          },
          {
            lazy: () =>
              loadChunk(() => import('./session-routes')).then((module) => ({
                Component: module.DashboardGuard,
              })),
            children: [
              {
                path: '/dashboard',
                lazy: () =>
                  loadChunk(() => import('./dashboard-page')).then((module) => ({
                    Component: module.DashboardPage,
                  })),
              },
            ],
          },
        ],
      },
      {
        // Any other path: the server answered it with a 404 and this page (web-app.ts).
        path: '*',
        lazy: () =>
          loadChunk(() => import('../pages/not-found-page')).then((module) => ({
            Component: module.NotFoundPage,
          })),
      },
    ],
  },
];

/**
 * Loads the chunks of the routes `pathname` matches and writes them into the table, as the router
 * would on its first navigation. A page the build drew must be hydrated by a router that renders
 * it at once, with no fallback in between (React Router's guide to lazy routes with SSR).
 */
export async function loadRoutesOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
