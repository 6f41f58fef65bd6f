// Users (admin, product-spec.md section 2): the list with the status dropdown, the user form in
// its place when adding or editing, and deletion requests behind a confirmation.
import { USER_MESSAGES, type ManagedUser } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { RowDeletionDialog } from '../../components/row-deletion-dialog';
import { collections } from '../../lib/collections/collections';
import { useSession } from '../../lib/session/session-context';
import { useRequestUserDeletion } from './api/request-user-deletion';
import { userColumns } from './components/user-columns';
import { UserFormPanel } from './components/user-form';
import './users.css';

const PAGE_SIZE = 15;

/** The form is open for a new user (user undefined) or for the one being edited. */
type Editing = { user: ManagedUser | undefined } | null;

export function UsersView() {
  const { user: me } = useSession();
  const users = useQuery(collections.users);
  const deletion = useRequestUserDeletion();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const columns = useMemo(
    () => userColumns({ myId: me?._id, onEdit: (user) => setEditing({ user }), onDelete: setDeleting }),
    [me?._id],
  );

  if (editing) return <UserFormPanel user={editing.user} onClose={() => setEditing(null)} />;
  if (users.isPending)
    return <div className="spinner users-loading" role="status" aria-label="Caricamento utenti" />;

  return (
    <>
      {users.isError && (
        <p className="users-error" role="alert">
          {users.error.message}
        </p>
      )}
      <DataTable
        title="Users"
        data={users.data ?? []}
        columns={columns}
        getRowId={(user) => user._id}
        addLabel="New User"
        onAdd={() => setEditing({ user: undefined })}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE, 30, 50, 100]}
      />
      <RowDeletionDialog
        row={deleting}
        message={`Sei sicuro di voler eliminare l'utente ${deleting?.username ?? ''}? Le posizioni non verranno chiuse automaticamente`}
        deletion={deletion}
        done={USER_MESSAGES.deleteRequested}
        failed={USER_MESSAGES.deleteError}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
