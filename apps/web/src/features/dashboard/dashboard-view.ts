// What the shell needs to know of a view. The views themselves live in their features; the app
// lists them (src/app/dashboard-views.tsx), so features never import each other.
import type { ComponentType } from 'react';
import type { CollectionName } from '../../lib/collections/collections';

export interface DashboardView {
  /** The value of ?view= in the URL. */
  id: string;
  label: string;
  Icon: ComponentType;
  /** Non-admins see the maintenance notice instead (product-spec.md section 6). */
  adminOnly: boolean;
  /** Collections the view shows: the shell holds a spinner until their first load ends. */
  loads: readonly CollectionName[];
  /** Loaded on first render (a chunk of its own: src/app/dashboard-views.tsx). */
  Component: ComponentType;
  /** Starts fetching the view's code, so that it arrives while its collections load. */
  preload: () => void;
}

/** The first view is the initial one (overview). */
export type DashboardViews = readonly [DashboardView, ...DashboardView[]];
