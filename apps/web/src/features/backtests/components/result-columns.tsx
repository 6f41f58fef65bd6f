// The columns of the results table (product-spec.md section 2): profit, interest (percent),
// size, addizionale, trades, requirement (percent), target, mediazione; then what a customer
// sizes a row with (issue 36): the margin it needs at 1:20 and at 1:200, its stops and its worst
// drawdown and its time under water (on a phone in the row's details). A run that stopped because
// its lots or money left the engine's exact range is marked beside its profit. A range that held
// back the end of its period shows each row's run on that part beside it (heldBackColumns).
import type { BacktestResult } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { overflowNote } from '../backtest-results';

const column = createColumnHelper<BacktestResult>();

/** A requirement the row may not carry (stored before it was reported). */
const optionalPercent = (value: number | null) => (value === null ? '—' : formatPercent(value));
/** Days under water, to the tenth (a row stored before it was reported has none). */
const optionalDays = (value: number | null) => (value === null ? '—' : formatNumber(value, 1));

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
  column.accessor('timeUnderWaterDays', {
    header: 'Sott’acqua (giorni)',
    meta: { phone: 'details' },
    cell: ({ getValue }) => optionalDays(getValue()),
  }),
];

/**
 * Out of sample (issue 36, point 6): the row's run, afresh, on the held-back end of the period,
 * beside the figures it was ranked on. Shown when the backtest held a part back.
 */
export const heldBackColumns = [
  column.accessor((row) => row.heldBack?.profit ?? null, {
    id: 'heldBackProfit',
    header: 'Profit fuori campione',
    cell: ({ getValue }) => {
      const profit = getValue();
      return profit === null ? '—' : formatEuro(profit);
    },
  }),
  column.accessor((row) => row.heldBack?.maxDrawdown ?? null, {
    id: 'heldBackDrawdown',
    header: 'Max drawdown fuori campione',
    meta: { phone: 'details' },
    cell: ({ getValue }) => optionalPercent(getValue()),
  }),
  column.accessor((row) => row.heldBack?.timeUnderWaterDays ?? null, {
    id: 'heldBackUnderWater',
    header: 'Sott’acqua fuori campione (giorni)',
    meta: { phone: 'details' },
    cell: ({ getValue }) => optionalDays(getValue()),
  }),
];

/** Rows have no id; the grid point is unique within a backtest (engine.md section 5). */
export const resultRowId = (row: BacktestResult) =>
  `${row.size}|${row.addizionale}|${row.mediazione}|${row.target}|${row.multiplier}`;
