import { describe, expect, it } from 'vitest';
import type { DashboardViews } from './dashboard-view';
import { viewSearch } from './use-selected-view';

const view = (id: string) => ({
  id,
  label: id,
  Icon: () => null,
  adminOnly: false,
  loads: [],
  Component: () => null,
  preload: () => undefined,
});
const views: DashboardViews = [view('overview'), view('logs'), view('settings')];

describe('view links', () => {
  it('leaves the initial view without a parameter', () => {
    expect(viewSearch(views, 'overview')).toBe('');
  });

  it('names any other view in ?view=', () => {
    expect(viewSearch(views, 'logs')).toBe('?view=logs');
  });
});
