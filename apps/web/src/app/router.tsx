// The routes of product-spec.md section 2. Features meet here and nowhere else.
import { DASHBOARD_ROLES } from '@platform/contracts';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { AccessScreen } from '../features/auth/access-screen';
import { PasswordResetScreen } from '../features/auth/password-reset-screen';
import { LandingPage } from '../pages/landing-page';
import { LegalPage } from '../pages/legal-page';
import { CrashScreen } from './crash-screen';
import { GuestOnly, RequireRole } from './guards';
import { SessionProvider } from './session-provider';

const DashboardPage = lazy(() =>
  import('./dashboard-page').then((module) => ({ default: module.DashboardPage })),
);

export const router = createBrowserRouter([
  {
    element: <SessionProvider />,
    errorElement: <CrashScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/tos', element: <LegalPage document="tos" /> },
      { path: '/privacy', element: <LegalPage document="privacy" /> },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <AccessScreen /> },
          { path: '/reset-password', element: <PasswordResetScreen /> },
        ],
      },
      {
        element: <RequireRole roles={DASHBOARD_ROLES} />,
        children: [
          {
            path: '/dashboard',
            element: (
              <Suspense fallback={<LoadingOverlay />}>
                <DashboardPage />
              </Suspense>
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
