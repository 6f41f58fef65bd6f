// The routes of product-spec.md section 2. Features meet here and nowhere else. Only the landing
// is in the entry chunk: every other screen, and the session machinery the public pages do not
// use, comes in a chunk of its own when its route is first shown.
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { LandingPage } from '../pages/landing-page';
import { CrashScreen } from './crash-screen';
import { lazyScreen } from './lazy-screen';

const LegalPage = lazyScreen(() => import('../pages/legal-page').then((module) => module.LegalPage));
const SessionRoutes = lazyScreen(() => import('./session-routes').then((module) => module.SessionRoutes));
const GuestOnly = lazyScreen(() => import('./session-routes').then((module) => module.GuestOnly));
const DashboardGuard = lazyScreen(() => import('./session-routes').then((module) => module.DashboardGuard));
const AccessScreen = lazyScreen(() =>
  import('../features/auth/access-screen').then((module) => module.AccessScreen),
);
const PasswordResetScreen = lazyScreen(() =>
  import('../features/auth/password-reset-screen').then((module) => module.PasswordResetScreen),
);
const DashboardPage = lazyScreen(() => import('./dashboard-page').then((module) => module.DashboardPage));

const loading = (screen: ReactNode) => <Suspense fallback={<LoadingOverlay />}>{screen}</Suspense>;

export const router = createBrowserRouter([
  {
    errorElement: <CrashScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/tos', element: loading(<LegalPage document="tos" />) },
      { path: '/privacy', element: loading(<LegalPage document="privacy" />) },
      {
        element: loading(<SessionRoutes />),
        children: [
          {
            element: loading(<GuestOnly />),
            children: [
              { path: '/login', element: loading(<AccessScreen />) },
              { path: '/reset-password', element: loading(<PasswordResetScreen />) },
            ],
          },
          {
            element: loading(<DashboardGuard />),
            children: [{ path: '/dashboard', element: loading(<DashboardPage />) }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
