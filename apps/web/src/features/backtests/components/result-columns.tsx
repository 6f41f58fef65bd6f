// The columns of the results table (product-spec.md section 2): profit, interest (percent),
// size, addizionale, trades, requirement (percent), target, mediazione. A run that stopped
// because its lots or money left the engine's exact range is marked beside its profit.
import type { BacktestResult } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { overflowNote } from '../backtest-results';

const column = createColumnHelper<BacktestResult>();

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
];

/** Rows have no id; the grid point is unique within a backtest (engine.md section 5). */
export const resultRowId = (row: BacktestResult) =>
  `${row.size}|${row.addizionale}|${row.mediazione}|${row.target}|${row.multiplier}`;
