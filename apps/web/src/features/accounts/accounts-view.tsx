// Accounts (product-spec.md section 2): the list of broker accounts (one's own; all for admins),
// the account form in its place when adding or editing, deletion behind a confirmation.
import { ACCOUNT_MESSAGES, type Account } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { RowDeletionDialog } from '../../components/row-deletion-dialog';
import { collections } from '../../lib/collections/collections';
import { useDeleteAccount } from './api/delete-account';
import { accountColumns } from './components/account-columns';
import { AccountFormPanel } from './components/account-form';
import './accounts.css';

const PAGE_SIZE = 15;

type Editing = { account: Account | undefined } | null;

export function AccountsView() {
  const accounts = useQuery(collections.accounts);
  const deletion = useDeleteAccount();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const columns = useMemo(
    () => accountColumns({ onEdit: (account) => setEditing({ account }), onDelete: setDeleting }),
    [],
  );

  if (editing) return <AccountFormPanel account={editing.account} onClose={() => setEditing(null)} />;
  if (accounts.isPending)
    return <div className="spinner accounts-loading" role="status" aria-label="Caricamento account" />;

  return (
    <>
      {accounts.isError && (
        <p className="accounts-error" role="alert">
          {accounts.error.message}
        </p>
      )}
      <DataTable
        title="Accounts"
        data={accounts.data ?? []}
        columns={columns}
        getRowId={(account) => account._id}
        addLabel="New Account"
        onAdd={() => setEditing({ account: undefined })}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE, 30, 50, 100]}
      />
      <RowDeletionDialog
        row={deleting}
        message={ACCOUNT_MESSAGES.confirmDelete}
        deletion={deletion}
        done={ACCOUNT_MESSAGES.deleted}
        failed={ACCOUNT_MESSAGES.deleteError}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
