// The columns of the investments list (product-spec.md section 2): Account, Algorithm, Capital,
// Leverage, SAcode, Actions, and before Actions the bot's state (issue 11: running, stopped, or
// failed with the reason; issue 32: paused with the reason), kept last of the data columns so the
// spec's stay where they were. Actions has, before edit and delete, the bot's Start or Stop and
// the export of the investment's files (issue 36), and opens the investment's chart ('Visualizza',
// as the other lists open a row; issue 36, point 2).
import type { Investment } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { RowActions } from '../../../components/row-actions';
import { formatEuro } from '../../../lib/format';
import { botState, botSwitchFor } from '../bot-state';
import { saCodeOf } from '../investment-form-values';
import { BotStateCell } from './bot-state-cell';
import type { BotSwitch } from '../bot-state';
import { BotSwitchButton } from './bot-switch-button';
import { AlertsButton } from './alerts-button';
import { ExportButton } from './export-button';

interface InvestmentColumnActions {
  onEdit: (investment: Investment) => void;
  onDelete: (investment: Investment) => void;
  onSwitch: (investment: Investment, action: BotSwitch) => void;
  onExport: (investment: Investment) => void;
  onView: (investment: Investment) => void;
  onAlerts: (investment: Investment) => void;
}

const column = createColumnHelper<Investment>();

const subjectOf = (investment: Investment) =>
  `investment ${investment.account.accountId} ${investment.algorithm.name}`;

export const investmentColumns = ({
  onEdit,
  onDelete,
  onSwitch,
  onExport,
  onView,
  onAlerts,
}: InvestmentColumnActions) => [
  // A display column: a value over 30 characters would make the table put the cell on one
  // truncated line, and a long username would then widen the table past the view (with the
  // Actions' third button, by about 20px at 1280); the two lines wrap instead.
  column.display({
    id: 'account',
    header: 'Account',
    cell: ({ row: { original: investment } }) => (
      <div className="investments-account">
        <span className="investments-account__id">{investment.account.accountId}</span>
        <span className="investments-account__user">{investment.account.username}</span>
      </div>
    ),
  }),
  // On a phone algorithm, capital, leverage and SA code go into the row's details; the account,
  // the bot's state and the actions stay.
  column.accessor('algorithm.name', { id: 'algorithm', header: 'Algorithm', meta: { phone: 'details' } }),
  column.accessor('capital', {
    header: 'Capital',
    cell: ({ getValue }) => formatEuro(getValue()),
    meta: { phone: 'details' },
  }),
  column.accessor('parameters.leverage', { id: 'leverage', header: 'Leverage', meta: { phone: 'details' } }),
  column.accessor((investment) => saCodeOf(investment), {
    id: 'saCode',
    header: 'SAcode',
    meta: { phone: 'details' },
  }),
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
    cell: ({ row: { original: investment } }) => {
      const action = botSwitchFor(investment);
      return (
        <div className="investments-actions">
          {action && (
            <BotSwitchButton
              action={action}
              subject={subjectOf(investment)}
              onClick={() => onSwitch(investment, action)}
            />
          )}
          <ExportButton subject={subjectOf(investment)} onClick={() => onExport(investment)} />
          <AlertsButton subject={subjectOf(investment)} onClick={() => onAlerts(investment)} />
          <RowActions
            subject={subjectOf(investment)}
            onView={() => onView(investment)}
            onEdit={() => onEdit(investment)}
            onDelete={() => onDelete(investment)}
          />
        </div>
      );
    },
  }),
];
