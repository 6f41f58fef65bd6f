// The dashboard's views in the sidebar's order (product-spec.md section 2). Features meet here:
// each view is its feature's component; the shell only knows the list. Each view comes in a chunk
// of its own, with its CSS and libraries (the charts, the tables), fetched when it is first chosen,
// side by side with its collections.
import type { ComponentType } from 'react';
import type { DashboardView, DashboardViews } from '../features/dashboard/dashboard-view';
import { lazyScreen } from './lazy-screen';
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

/** A view's component from its own chunk, and the way to start fetching that chunk early. */
function fromChunk(load: () => Promise<ComponentType>): Pick<DashboardView, 'Component' | 'preload'> {
  return {
    Component: lazyScreen(load),
    // A failure shows when the view renders (lazy-screen.ts): here it is only an early start.
    preload: () => void load().catch(() => undefined),
  };
}

export const DASHBOARD_VIEWS: DashboardViews = [
  {
    id: 'overview',
    label: 'Overview',
    Icon: OverviewIcon,
    adminOnly: false,
    loads: ['investments', 'transactions'],
    ...fromChunk(() => import('../features/overview/overview-view').then((module) => module.OverviewView)),
  },
  {
    id: 'backtest',
    label: 'Backtests',
    Icon: BacktestIcon,
    adminOnly: false,
    loads: ['backtests'],
    ...fromChunk(() => import('../features/backtests/backtests-view').then((module) => module.BacktestsView)),
  },
  {
    id: 'monitoring',
    label: 'Monitoring',
    Icon: MonitoringIcon,
    adminOnly: true,
    // Bots are named after their investments.
    loads: ['investments'],
    ...fromChunk(() =>
      import('../features/monitoring/monitoring-view').then((module) => module.MonitoringView),
    ),
  },
  {
    id: 'logs',
    label: 'Logs',
    Icon: LogsIcon,
    adminOnly: false,
    loads: ['logs'],
    ...fromChunk(() => import('../features/logs/logs-view').then((module) => module.LogsView)),
  },
  {
    id: 'users',
    label: 'Users',
    Icon: UsersIcon,
    adminOnly: true,
    loads: ['users'],
    ...fromChunk(() => import('../features/users/users-view').then((module) => module.UsersView)),
  },
  {
    id: 'accounts',
    label: 'Accounts',
    Icon: AccountsIcon,
    adminOnly: false,
    loads: ['accounts'],
    ...fromChunk(() => import('../features/accounts/accounts-view').then((module) => module.AccountsView)),
  },
  {
    id: 'investments',
    label: 'Investments',
    Icon: InvestmentsIcon,
    adminOnly: false,
    loads: ['investments'],
    ...fromChunk(() =>
      import('../features/investments/investments-view').then((module) => module.InvestmentsView),
    ),
  },
  {
    id: 'algorithms',
    label: 'Algorithms',
    Icon: AlgorithmsIcon,
    adminOnly: true,
    loads: ['algorithms'],
    ...fromChunk(() =>
      import('../features/algorithms/algorithms-view').then((module) => module.AlgorithmsView),
    ),
  },
  {
    id: 'analysis',
    label: 'Analysis',
    Icon: AnalysisIcon,
    adminOnly: false,
    loads: ['analyses'],
    ...fromChunk(() => import('../features/analyses/analyses-view').then((module) => module.AnalysesView)),
  },
  {
    id: 'settings',
    label: 'Settings',
    Icon: SettingsIcon,
    adminOnly: false,
    loads: [],
    ...fromChunk(() => import('./settings-with-upload').then((module) => module.SettingsWithUpload)),
  },
];
