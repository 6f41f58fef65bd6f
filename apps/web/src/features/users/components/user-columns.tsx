// The columns of the users list (product-spec.md section 2): Username, Role, Status, Type, Actions.
import type { ManagedUser } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { RowActions } from '../../../components/row-actions';
import { RoleLabel } from './role-label';
import { StatusSelect } from './status-select';

interface UserColumnActions {
  /** The admin looking at the list: their own status is read-only and they cannot delete themselves. */
  myId: string | undefined;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

const column = createColumnHelper<ManagedUser>();

export const userColumns = ({ myId, onEdit, onDelete }: UserColumnActions) => [
  column.accessor('username', {
    header: 'Username',
    cell: ({ row: { original: user } }) => (
      <div className="users-identity">
        <span className="users-identity__username">{user.username}</span>
        <span className="users-identity__name">
          {user.firstname} {user.lastname}
        </span>
        {user.deletionRequestedAt && (
          <span className="users-badge users-badge--danger">Eliminazione richiesta</span>
        )}
        {user.request.message && (
          <details className="users-request">
            <summary>Messaggio della richiesta</summary>
            <p>{user.request.message}</p>
          </details>
        )}
      </div>
    ),
  }),
  // On a phone role and type go into the row's details.
  column.accessor('role', {
    header: 'Role',
    meta: { phone: 'details' },
    cell: ({ getValue }) => <RoleLabel role={getValue()} />,
  }),
  column.accessor('request.status', {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: user } }) => <StatusSelect user={user} readOnly={user._id === myId} />,
  }),
  column.accessor('isPro', {
    header: 'Type',
    meta: { phone: 'details' },
    cell: ({ getValue }) => (getValue() ? 'pro' : 'standard'),
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: user } }) => (
      <RowActions
        subject={user.username}
        onEdit={() => onEdit(user)}
        onDelete={user._id === myId ? undefined : () => onDelete(user)}
        deleteDisabled={user.deletionRequestedAt !== null}
      />
    ),
  }),
];
