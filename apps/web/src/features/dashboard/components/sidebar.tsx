// The dashboard's navigation (product-spec.md section 2): the views, the theme switch and
// Logout. Wide screens show it beside the content; under 769px it is a drawer the shell opens.
import { LogOut, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/brand';
import type { DashboardView, DashboardViews } from '../dashboard-view';
import { viewSearch } from '../use-selected-view';
import { ThemeSwitch } from './theme-switch';

export const SIDEBAR_ID = 'dashboard-sidebar';
export const NAVIGATION_ID = 'dashboard-navigation';

interface SidebarProps {
  views: DashboardViews;
  current: DashboardView;
  /** Only meaningful on narrow screens, where the sidebar is a drawer. */
  open: boolean;
  navRef: RefObject<HTMLElement | null>;
  onChoose: () => void;
  onClose: () => void;
  onLogout: () => void;
}

export function Sidebar({ views, current, open, navRef, onChoose, onClose, onLogout }: SidebarProps) {
  return (
    <aside id={SIDEBAR_ID} className="sidebar" data-open={open} aria-label="Menu della dashboard">
      <div className="sidebar__head">
        <Brand to="/dashboard" />
        <button type="button" className="sidebar__close" onClick={onClose} aria-label="Chiudi il menu">
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <nav id={NAVIGATION_ID} ref={navRef} tabIndex={-1} className="sidebar__nav" aria-label="Sezioni">
        <ul>
          {views.map((view) => (
            <li key={view.id}>
              <Link
                to={{ pathname: '/dashboard', search: viewSearch(views, view.id) }}
                className="sidebar__link"
                aria-current={view.id === current.id ? 'page' : undefined}
                onClick={onChoose}
              >
                <view.Icon />
                <span>{view.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__foot">
        <ThemeSwitch />
        <button type="button" className="sidebar__logout" onClick={onLogout}>
          <LogOut size={20} aria-hidden="true" />
          Logout
        </button>
      </div>
    </aside>
  );
}
