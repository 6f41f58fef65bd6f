// What the content area shows for a view: the maintenance notice for a non-admin on an admin
// view, a spinner until the view's collections first load (product-spec.md section 2) and its code
// has arrived, then the view. A failed load also ends the spinner: the view shows what it has, the
// failure is logged.
import { useQueries } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { collections } from '../../../lib/collections/collections';
import type { DashboardView } from '../dashboard-view';

export const MAINTENANCE_TEXT = 'Sezione Dashboard - Under maintenance';

export function ViewContent({ view, isAdmin }: { view: DashboardView; isAdmin: boolean }) {
  if (view.adminOnly && !isAdmin) return <UnderMaintenance />;
  return <LoadedView view={view} />;
}

function LoadedView({ view }: { view: DashboardView }) {
  const loading = useQueries({
    queries: view.loads.map((name) => collections[name]),
    combine: (results) => results.some((result) => result.isPending),
  });
  // The view's chunk comes while its collections load, not after.
  useEffect(() => view.preload(), [view]);
  if (loading) return <ViewSpinner label={view.label} />;
  return (
    <Suspense fallback={<ViewSpinner label={view.label} />}>
      <view.Component />
    </Suspense>
  );
}

function ViewSpinner({ label }: { label: string }) {
  return (
    <div className="view-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Caricamento di {label}…</span>
    </div>
  );
}

function UnderMaintenance() {
  return (
    <section className="card view-notice">
      <Wrench size={40} strokeWidth={1.8} aria-hidden="true" />
      <p className="view-notice__text">{MAINTENANCE_TEXT}</p>
    </section>
  );
}
