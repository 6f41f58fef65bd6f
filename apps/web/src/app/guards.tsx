// Route guards of product-spec.md section 2. They only decide what to render: the server checks
// the role and the approval on every call anyway.
import { DASHBOARD_ROLES, LOGIN_MESSAGES, type Role, type SessionUser } from '@platform/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { useSession } from '../lib/session/session-context';
import { notify } from '../lib/toast';

const mayEnterDashboard = (user: SessionUser) =>
  DASHBOARD_ROLES.includes(user.role) && user.request.status === 'approved';

/** The access screens: a user who may use the dashboard goes there instead. */
export function GuestOnly() {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingOverlay />;
  if (user && mayEnterDashboard(user)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingOverlay />;
  if (!user || !roles.includes(user.role)) return <Navigate to="/login" replace />;
  if (user.request.status !== 'approved') return <NotApproved />;
  return <Outlet />;
}

/** An unapproved account cannot use its session: it ends here, with the reason. */
function NotApproved() {
  const { logout } = useSession();
  useEffect(() => {
    notify.error(LOGIN_MESSAGES.notApproved, 'not-approved');
    logout();
  }, [logout]);
  return <LoadingOverlay />;
}
