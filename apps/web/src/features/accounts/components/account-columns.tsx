// The columns of the accounts list (product-spec.md section 2): Broker, ID Account, Type, Owner, Actions.
import type { Account } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { RowActions } from '../../../components/row-actions';

interface AccountColumnActions {
  onEdit: (account: Account) => void;
  onDelete: (account: Account) => void;
}

const column = createColumnHelper<Account>();

export const accountColumns = ({ onEdit, onDelete }: AccountColumnActions) => [
  // On a phone the broker (always Capital.com) and the owner go into the row's details.
  column.accessor('brokerName', { header: 'Broker', meta: { phone: 'details' } }),
  column.accessor('accountId', { header: 'ID Account' }),
  column.accessor('isDemo', {
    header: 'Type',
    cell: ({ getValue }) => (
      <span
        className={getValue() ? 'accounts-type accounts-type--demo' : 'accounts-type accounts-type--live'}
      >
        {getValue() ? 'Demo account' : 'Live account'}
      </span>
    ),
  }),
  column.accessor((account) => `${account.owner.firstname} ${account.owner.lastname}`.trim(), {
    id: 'owner',
    header: 'Owner',
    meta: { phone: 'details' },
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: account } }) => (
      <RowActions
        subject={`account ${account.accountId}`}
        onEdit={() => onEdit(account)}
        onDelete={() => onDelete(account)}
      />
    ),
  }),
];
