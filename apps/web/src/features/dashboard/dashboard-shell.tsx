// The dashboard frame of product-spec.md section 2: skip-links, the sidebar (a drawer under
// 769px), the top bar and the selected view. The views are given by the app, which is where
// features meet; the shell knows them only as DashboardView entries.
import { SESSION_MESSAGES } from '@platform/contracts';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSession } from '../../lib/session/session-context';
import { useDocumentTheme } from '../../lib/theme';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { NAVIGATION_ID, Sidebar } from './components/sidebar';
import { TopBar } from './components/top-bar';
import { ViewContent } from './components/view-content';
import type { DashboardViews } from './dashboard-view';
import { useCollectionsPrefetch } from './use-collections-prefetch';
import { useSelectedView } from './use-selected-view';
import './dashboard.css';

const MAIN_CONTENT_ID = 'main-content';

export function DashboardShell({ views, topBarExtra }: { views: DashboardViews; topBarExtra?: ReactNode }) {
  const { user, logout } = useSession();
  const view = useSelectedView(views);
  const isAdmin = user?.role === 'admin';
  useCollectionsPrefetch({ enabled: view.id !== views[0].id, isAdmin });
  useDocumentTheme();

  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = narrow && drawerOpen;
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  /** Where focus goes once the drawer has closed: the page behind it is inert until then. */
  const focusAfterClose = useRef<'menu' | 'content' | null>(null);
  const closeDrawer = (focus: 'menu' | 'content') => {
    focusAfterClose.current = focus;
    setDrawerOpen(false);
  };
  useEffect(() => {
    if (drawer) {
      navRef.current?.focus();
      return;
    }
    const target = focusAfterClose.current;
    focusAfterClose.current = null;
    if (target === 'menu') menuButtonRef.current?.focus();
    if (target === 'content') contentRef.current?.focus({ preventScroll: true });
  }, [drawer]);
  useEffect(() => {
    if (!drawer) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusAfterClose.current = 'menu';
      setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawer]);

  const skipToContent = (event: MouseEvent) => {
    event.preventDefault();
    if (drawer) closeDrawer('content');
    else contentRef.current?.focus();
  };
  const skipToNavigation = (event: MouseEvent) => {
    event.preventDefault();
    if (narrow) setDrawerOpen(true);
    else navRef.current?.focus();
  };

  if (!user) return null;
  return (
    <div className="dashboard">
      <div className="skip-links">
        <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skipToContent}>
          Salta al contenuto principale
        </a>
        <a href={`#${NAVIGATION_ID}`} className="skip-link" onClick={skipToNavigation}>
          Salta alla navigazione
        </a>
      </div>
      <Sidebar
        views={views}
        current={view}
        open={drawer}
        navRef={navRef}
        // The chosen link disappears with the drawer: focus goes on to what it opened.
        onChoose={() => drawer && closeDrawer('content')}
        onClose={() => closeDrawer('menu')}
        onLogout={() => setConfirmingLogout(true)}
      />
      {drawer && (
        <div className="dashboard__backdrop" onClick={() => closeDrawer('menu')} aria-hidden="true" />
      )}
      <main className="dashboard__main" inert={drawer}>
        <TopBar
          title={view.label}
          user={user}
          menuOpen={drawer}
          menuButtonRef={menuButtonRef}
          onOpenMenu={() => setDrawerOpen(true)}
          extra={topBarExtra}
        />
        <div id={MAIN_CONTENT_ID} ref={contentRef} tabIndex={-1} className="dashboard__content">
          <ViewContent key={view.id} view={view} isAdmin={isAdmin} />
        </div>
      </main>
      <ConfirmDialog
        open={confirmingLogout}
        message={SESSION_MESSAGES.logoutConfirm}
        onConfirm={() => {
          setConfirmingLogout(false);
          logout();
        }}
        onCancel={() => setConfirmingLogout(false)}
      />
    </div>
  );
}
