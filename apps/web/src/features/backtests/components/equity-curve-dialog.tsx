// The dialog that holds a result row's equity curve (issue 36). It opens over the results; the
// chart and its library (lightweight-charts) arrive in a chunk of their own on the first click,
// so the Backtest view does not download them for a customer who never opens a curve.
import { EQUITY_CURVE_MESSAGES, type BacktestResult } from '@platform/contracts';
import { lazy } from 'react';
import { ChartDialog } from '../../../components/charts/chart-dialog';
import { formatNumber } from '../../../lib/format';
import { loadChunk } from '../../../lib/load-chunk';
import './equity-curve.css';

const EquityCurvePanel = lazy(() =>
  loadChunk(() => import('./equity-curve-panel')).then((chunk) => ({ default: chunk.EquityCurvePanel })),
);

export interface CurveRow {
  /** The row's position in the backtest's results. */
  index: number;
  result: BacktestResult;
}

interface EquityCurveDialogProps {
  backtestId: string;
  /** null: closed. */
  row: CurveRow | null;
  onClose: () => void;
}

/** The row's grid, as the results table names its columns. */
export const curveRowLabel = ({ result }: CurveRow) =>
  `Size ${formatNumber(result.size, 3)} · Addizionale ${formatNumber(result.addizionale, 3)} · ` +
  `Mediazione ${formatNumber(result.mediazione)} · Target ${formatNumber(result.target)}`;

export function EquityCurveDialog({ backtestId, row, onClose }: EquityCurveDialogProps) {
  return (
    <ChartDialog
      open={row !== null}
      onClose={onClose}
      title={EQUITY_CURVE_MESSAGES.title}
      subject={row && curveRowLabel(row)}
      loading={{ label: EQUITY_CURVE_MESSAGES.loading, className: 'backtests-loading' }}
    >
      {row && <EquityCurvePanel key={`${backtestId}:${row.index}`} backtestId={backtestId} row={row.index} />}
    </ChartDialog>
  );
}
