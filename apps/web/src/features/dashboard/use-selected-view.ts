// The selected view lives in the URL (/dashboard?view=logs), so a reload or a shared link opens
// the same view and the browser's Back goes to the previous one. The initial view has no
// parameter: /dashboard is the overview.
import { useSearchParams } from 'react-router';
import type { DashboardView, DashboardViews } from './dashboard-view';

export const VIEW_PARAM = 'view';

export function useSelectedView(views: DashboardViews): DashboardView {
  const [params] = useSearchParams();
  const requested = params.get(VIEW_PARAM);
  return views.find((view) => view.id === requested) ?? views[0];
}

/** The link target of a view. */
export const viewSearch = (views: DashboardViews, id: string): string =>
  id === views[0].id ? '' : `?${new URLSearchParams({ [VIEW_PARAM]: id }).toString()}`;
