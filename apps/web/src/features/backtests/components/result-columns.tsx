// The columns of the results table (product-spec.md section 2): profit, interest (percent),
// size, addizionale, trades, requirement (percent), target, mediazione; then what a customer
// sizes a row with (issue 36): the margin it needs at 1:20 and at 1:200, its stops and its worst
// drawdown (on a phone in the row's details). A run that stopped because its lots or money left
// the engine's exact range is marked beside its profit.
import type { BacktestResult } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { overflowNote } from '../backtest-results';

const column = createColumnHelper<BacktestResult>();

/** A requirement the row may not carry (stored before it was reported). */
const optionalPercent = (value: number | null) => (value === null ? '—' : formatPercent(value));

function ProfitCell({ row }: { row: BacktestResult }) {
  const note = overflowNote(row);
  if (note === undefined) return formatEuro(row.profit);
  return (
    <span className="backtest-overflow">
      {formatEuro(row.profit)}{' '}
      <span className="backtest-overflow__tag" title={note}>
        Interrotto
      </span>
    </span>
  );
}

export const resultColumns = [
  column.accessor('profit', { header: 'Profit', cell: ({ row }) => <ProfitCell row={row.original} /> }),
  column.accessor('interest', { header: 'Interest', cell: ({ getValue }) => formatPercent(getValue()) }),
  column.accessor('size', { header: 'Size', cell: ({ getValue }) => formatNumber(getValue(), 3) }),
  column.accessor('addizionale', {
    header: 'Addizionale',
    cell: ({ getValue }) => formatNumber(getValue(), 3),
  }),
  column.accessor('trades', { header: 'Trades' }),
  column.accessor('requirement', {
    header: 'Requirement',
    cell: ({ getValue }) => formatPercent(getValue()),
  }),
  column.accessor('target', { header: 'Target', cell: ({ getValue }) => formatNumber(getValue()) }),
  column.accessor('mediazione', { header: 'Mediazione', cell: ({ getValue }) => formatNumber(getValue()) }),
  column.accessor('requirement20', {
    header: 'Margine 1:20',
    meta: { phone: 'details' },
    cell: ({ getValue }) => optionalPercent(getValue()),
  }),
  column.accessor('requirement200', {
    header: 'Margine 1:200',
    meta: { phone: 'details' },
    cell: ({ getValue }) => optionalPercent(getValue()),
  }),
  column.accessor('stops', { header: 'Stops', meta: { phone: 'details' } }),
  column.accessor('maxDrawdown', {
    header: 'Max drawdown',
    meta: { phone: 'details' },
    cell: ({ getValue }) => formatPercent(getValue()),
  }),
];

/** Rows have no id; the grid point is unique within a backtest (engine.md section 5). */
export const resultRowId = (row: BacktestResult) =>
  `${row.size}|${row.addizionale}|${row.mediazione}|${row.target}|${row.multiplier}`;
