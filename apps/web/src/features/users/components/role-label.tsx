// The Role cell: an icon beside the text, the icon only decorating the word.
import type { Role } from '@platform/contracts';
import { Briefcase, Shield, User, type LucideIcon } from 'lucide-react';

export const ROLE_LABELS: Record<Role, string> = { user: 'User', sales: 'Salesman', admin: 'Admin' };

const ROLE_ICONS: Record<Role, LucideIcon> = { user: User, sales: Briefcase, admin: Shield };

export function RoleLabel({ role }: { role: Role }) {
  const Icon = ROLE_ICONS[role];
  return (
    <span className={`users-role users-role--${role}`}>
      <Icon size={16} aria-hidden="true" />
      {ROLE_LABELS[role]}
    </span>
  );
}
