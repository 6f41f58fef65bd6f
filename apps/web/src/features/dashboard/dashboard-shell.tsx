// The dashboard frame: who is logged in and the way out. Its views (overview, backtests,
// accounts, …) arrive with their own issues.
import { SESSION_MESSAGES, type Role } from '@platform/contracts';
import { useState } from 'react';
import { Brand } from '../../components/brand';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSession } from '../../lib/session/session-context';
import './dashboard.css';

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', user: 'User', sales: 'Salesman' };

export function DashboardShell() {
  const { user, logout } = useSession();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  if (!user) return null;
  const fullName = `${user.firstname} ${user.lastname}`.trim() || user.username;

  return (
    <div className="dashboard">
      <header className="dashboard__bar">
        <Brand to="/dashboard" />
        <div className="dashboard__user" aria-label="Utente collegato">
          <span className="dashboard__avatar" aria-hidden="true">
            {(user.firstname[0] ?? user.username[0] ?? '?').toUpperCase()}
          </span>
          <span className="dashboard__identity">
            <span className="dashboard__name">{fullName}</span>
            <span className="dashboard__meta">
              {user.username} · {ROLE_LABELS[user.role]}
            </span>
          </span>
          <button type="button" className="button button--ghost" onClick={() => setConfirmingLogout(true)}>
            Logout
          </button>
        </div>
      </header>
      <main className="dashboard__main" id="main-content">
        <section className="card dashboard__welcome" aria-labelledby="welcome-title">
          <h1 id="welcome-title">Benvenuto, {user.firstname || fullName}</h1>
          <dl className="dashboard__details">
            <div>
              <dt>Nome</dt>
              <dd>{fullName}</dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>Ruolo</dt>
              <dd>{ROLE_LABELS[user.role]}</dd>
            </div>
          </dl>
        </section>
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
