// The /dashboard route's page: the shell with the app's views. Loaded on demand, so the public
// site and the access screen do not download the dashboard and its chart library. The monitoring
// socket lives as long as the dashboard, for admins only (product-spec.md section 4). The top bar
// carries the alerts' bell (issue 36, point 4).
import { AlertsBell } from '../features/alerts/alerts-bell';
import { DashboardShell } from '../features/dashboard/dashboard-shell';
import { useSession } from '../lib/session/session-context';
import { useMonitoringSocket } from '../lib/socket';
import { DASHBOARD_VIEWS } from './dashboard-views';

export function DashboardPage() {
  const { user } = useSession();
  useMonitoringSocket(user?.role === 'admin');
  return <DashboardShell views={DASHBOARD_VIEWS} topBarExtra={<AlertsBell />} />;
}
