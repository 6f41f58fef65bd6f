// The dashboard's views in the sidebar's order (product-spec.md section 2). Features meet here:
// each view is its feature's component; the shell only knows the list.
import type { DashboardViews } from '../features/dashboard/dashboard-view';
import { AccountsView } from '../features/accounts/accounts-view';
import { AlgorithmsView } from '../features/algorithms/algorithms-view';
import { AnalysesView } from '../features/analyses/analyses-view';
import { BacktestsView } from '../features/backtests/backtests-view';
import { InvestmentsView } from '../features/investments/investments-view';
import { LogsView } from '../features/logs/logs-view';
import { MonitoringView } from '../features/monitoring/monitoring-view';
import { OverviewView } from '../features/overview/overview-view';
import { UsersView } from '../features/users/users-view';
import { SettingsWithUpload } from './settings-with-upload';
import {
  AccountsIcon,
  AlgorithmsIcon,
  AnalysisIcon,
  BacktestIcon,
  InvestmentsIcon,
  LogsIcon,
  MonitoringIcon,
  OverviewIcon,
  SettingsIcon,
  UsersIcon,
} from '../components/nav-icons';

export const DASHBOARD_VIEWS: DashboardViews = [
  {
    id: 'overview',
    label: 'Overview',
    Icon: OverviewIcon,
    adminOnly: false,
    loads: ['investments', 'transactions'],
    Component: OverviewView,
  },
  {
    id: 'backtest',
    label: 'Backtests',
    Icon: BacktestIcon,
    adminOnly: false,
    loads: ['backtests'],
    Component: BacktestsView,
  },
  {
    id: 'monitoring',
    label: 'Monitoring',
    Icon: MonitoringIcon,
    adminOnly: true,
    // Bots are named after their investments.
    loads: ['investments'],
    Component: MonitoringView,
  },
  { id: 'logs', label: 'Logs', Icon: LogsIcon, adminOnly: false, loads: ['logs'], Component: LogsView },
  { id: 'users', label: 'Users', Icon: UsersIcon, adminOnly: true, loads: ['users'], Component: UsersView },
  {
    id: 'accounts',
    label: 'Accounts',
    Icon: AccountsIcon,
    adminOnly: false,
    loads: ['accounts'],
    Component: AccountsView,
  },
  {
    id: 'investments',
    label: 'Investments',
    Icon: InvestmentsIcon,
    adminOnly: false,
    loads: ['investments'],
    Component: InvestmentsView,
  },
  {
    id: 'algorithms',
    label: 'Algorithms',
    Icon: AlgorithmsIcon,
    adminOnly: true,
    loads: ['algorithms'],
    Component: AlgorithmsView,
  },
  {
    id: 'analysis',
    label: 'Analysis',
    Icon: AnalysisIcon,
    adminOnly: false,
    loads: ['analyses'],
    Component: AnalysesView,
  },
  {
    id: 'settings',
    label: 'Settings',
    Icon: SettingsIcon,
    adminOnly: false,
    loads: [],
    Component: SettingsWithUpload,
  },
];
