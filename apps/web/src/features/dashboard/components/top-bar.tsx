// The top of the content: the menu button of the narrow layout, the view's name, a sign while
// data is being fetched, who is logged in, and the clock (hours and minutes, with the date).
import type { Role, SessionUser } from '@platform/contracts';
import { useIsFetching } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import '../../../components/components.css';
import { LiveClock } from '../../../components/live-clock';
import { SIDEBAR_ID } from './sidebar';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User', sales: 'Salesman' };

interface TopBarProps {
  title: string;
  user: SessionUser;
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onOpenMenu: () => void;
  /** What the app puts beside the user (the alerts' bell): the shell knows no feature. */
  extra?: ReactNode;
}

export function TopBar({ title, user, menuOpen, menuButtonRef, onOpenMenu, extra }: TopBarProps) {
  const fetching = useIsFetching() > 0;
  const fullName = `${user.firstname} ${user.lastname}`.trim() || user.username;
  return (
    <header className="top-bar">
      <button
        ref={menuButtonRef}
        type="button"
        className="icon-button top-bar__menu"
        onClick={onOpenMenu}
        aria-label="Apri il menu"
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
      >
        <Menu size={24} aria-hidden="true" />
      </button>
      <h1 className="top-bar__title">{title}</h1>
      <span className="top-bar__fetching" role="status">
        {fetching && (
          <>
            <span className="spinner spinner--small" aria-hidden="true" />
            <span className="visually-hidden">Aggiornamento dei dati…</span>
          </>
        )}
      </span>
      {extra}
      <div className="top-bar__user">
        <span className="top-bar__avatar" aria-hidden="true">
          {(user.firstname[0] ?? user.username[0] ?? '?').toUpperCase()}
        </span>
        <span className="top-bar__identity">
          <span className="top-bar__name">{fullName}</span>
          <span className="top-bar__meta">
            {user.username} · <span>{ROLE_LABELS[user.role]}</span>
          </span>
        </span>
      </div>
      <LiveClock seconds={false} />
    </header>
  );
}
