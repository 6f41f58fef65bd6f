// Everything behind a session, loaded only by the routes that have one (access screens and
// dashboard): TanStack Query, the session provider with its expiry dialog, the guards and the
// toasts. The public pages use none of it, so the landing downloads none of it; its contact form
// brings its own toaster (pages/landing/contact-form.tsx).
import { DASHBOARD_ROLES } from '@platform/contracts';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/toaster';
import { RequireRole } from './guards';
import { SessionProvider } from './session-provider';

export { GuestOnly } from './guards';

// One client for the page's life, however often the visitor leaves for the public pages and comes back.
const queryClient = new QueryClient({
  // A list that fails to load is only logged (product-spec.md section 8, Data fetch): the view
  // stops waiting and shows what it has. Mutations report their own failures as toasts.
  queryCache: new QueryCache({ onError: (error) => console.error(error) }),
  defaultOptions: {
    // Failures are shown by the screen that asked; retrying a refused call only delays the message.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function SessionRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider />
      <Toaster />
    </QueryClientProvider>
  );
}

export function DashboardGuard() {
  return <RequireRole roles={DASHBOARD_ROLES} />;
}
