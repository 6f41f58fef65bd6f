// The columns of the investments list (product-spec.md section 2): Account, Algorithm, Capital,
// Leverage, SAcode, Actions, and before Actions the bot's state (issue 11: running, stopped, or
// failed with the reason), kept last of the data columns so the spec's stay where they were.
import type { Investment } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { RowActions } from '../../../components/row-actions';
import { formatEuro } from '../../../lib/format';
import { botState } from '../bot-state';
import { saCodeOf } from '../investment-form-values';
import { BotStateCell } from './bot-state-cell';

interface InvestmentColumnActions {
  onEdit: (investment: Investment) => void;
  onDelete: (investment: Investment) => void;
}

const column = createColumnHelper<Investment>();

export const investmentColumns = ({ onEdit, onDelete }: InvestmentColumnActions) => [
  column.accessor((investment) => `${investment.account.accountId} ${investment.account.username}`, {
    id: 'account',
    header: 'Account',
    cell: ({ row: { original: investment } }) => (
      <div className="investments-account">
        <span className="investments-account__id">{investment.account.accountId}</span>
        <span className="investments-account__user">{investment.account.username}</span>
      </div>
    ),
  }),
  column.accessor('algorithm.name', { id: 'algorithm', header: 'Algorithm' }),
  column.accessor('capital', { header: 'Capital', cell: ({ getValue }) => formatEuro(getValue()) }),
  column.accessor('parameters.leverage', { id: 'leverage', header: 'Leverage' }),
  column.accessor((investment) => saCodeOf(investment), { id: 'saCode', header: 'SAcode' }),
  // The value is the state's key ('active', 'error'…), which the table colours by; the cell shows
  // the label and the reason.
  column.accessor((investment) => botState(investment).key, {
    id: 'state',
    header: 'Stato',
    cell: ({ row: { original: investment } }) => <BotStateCell state={botState(investment)} />,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: investment } }) => (
      <RowActions
        subject={`investment ${investment.account.accountId} ${investment.algorithm.name}`}
        onEdit={() => onEdit(investment)}
        onDelete={() => onDelete(investment)}
      />
    ),
  }),
];
