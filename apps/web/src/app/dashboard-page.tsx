// The /dashboard route's page: the shell with the app's views. Loaded on demand, so the public
// site and the access screen do not download the dashboard and its chart library.
import { DashboardShell } from '../features/dashboard/dashboard-shell';
import { DASHBOARD_VIEWS } from './dashboard-views';

export function DashboardPage() {
  return <DashboardShell views={DASHBOARD_VIEWS} />;
}
