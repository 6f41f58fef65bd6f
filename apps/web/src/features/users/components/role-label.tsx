// The Role cell: an icon beside the text, the icon only decorating the word.
import type { Role } from '@platform/contracts';

export const ROLE_LABELS: Record<Role, string> = { user: 'User', sales: 'Salesman', admin: 'Admin' };

const ROLE_ICONS: Record<Role, string> = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c0-4 3.6-6 8-6s8 2 8 6',
  sales: 'M3 8h18v11H3zM8 8V5h8v3M3 13h18',
  admin: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z',
};

export function RoleLabel({ role }: { role: Role }) {
  return (
    <span className={`users-role users-role--${role}`}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={ROLE_ICONS[role]} />
      </svg>
      {ROLE_LABELS[role]}
    </span>
  );
}
