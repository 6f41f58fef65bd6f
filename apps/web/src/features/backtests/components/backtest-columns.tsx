// The columns of the backtest manager (product-spec.md section 2): Creation date, Capital,
// Leverage, Dynamic secure, Period, Market, Status, and the row's actions: a spinner while the
// job waits or runs, view and delete once complete, delete alone after a failure.
import type { Backtest } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { JobStatusCell, jobStatusLabel } from '../../../components/job-status-cell';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime, formatDay, formatEuro } from '../../../lib/format';
import { jobState } from '../../../lib/job-status';

interface BacktestColumnActions {
  onView: (backtest: Backtest) => void;
  onDelete: (backtest: Backtest) => void;
}

const column = createColumnHelper<Backtest>();

export const backtestColumns = ({ onView, onDelete }: BacktestColumnActions) => [
  // On a phone the creation date, capital, leverage, dynamic secure and market go into the row's
  // details; period, status and actions stay (with the market too they would not fit 390 px).
  column.accessor('createdAt', {
    header: 'Creation date',
    meta: { phone: 'details' },
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
  column.accessor('capital', {
    header: 'Capital',
    cell: ({ getValue }) => formatEuro(getValue()),
    meta: { phone: 'details' },
  }),
  column.accessor('leverage', { header: 'Leverage', meta: { phone: 'details' } }),
  column.accessor((backtest) => (backtest.dynamic ? 'Sì' : 'No'), {
    id: 'dynamic',
    header: 'Dynamic secure',
    meta: { phone: 'details' },
  }),
  column.accessor((backtest) => `${formatDay(backtest.from)} – ${formatDay(backtest.to)}`, {
    id: 'period',
    header: 'Period',
    // Each day whole: the period wraps between the two days, never inside one.
    cell: ({ row: { original: backtest } }) => (
      <>
        <span className="backtests-nowrap">{formatDay(backtest.from)} –</span>{' '}
        <span className="backtests-nowrap">{formatDay(backtest.to)}</span>
      </>
    ),
  }),
  column.accessor('market', { header: 'Market', meta: { phone: 'details' } }),
  // The id holds 'status', so the table colours Completed and Error.
  column.accessor((backtest) => jobStatusLabel(backtest.isCompleted), {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: backtest } }) => (
      <JobStatusCell isCompleted={backtest.isCompleted} error={backtest.error} />
    ),
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row: { original: backtest } }) => {
      const subject = `backtest ${backtest.market} ${formatDay(backtest.from)} – ${formatDay(backtest.to)}`;
      switch (jobState(backtest.isCompleted)) {
        case 'queued':
        case 'running':
          return <span className="spinner spinner--small" role="status" aria-label={`${subject} in corso`} />;
        case 'done':
          return (
            <RowActions
              subject={subject}
              onView={() => onView(backtest)}
              onDelete={() => onDelete(backtest)}
            />
          );
        case 'failed':
          return <RowActions subject={subject} onDelete={() => onDelete(backtest)} />;
      }
    },
  }),
];
