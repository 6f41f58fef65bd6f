// The dialog that holds a result row's equity curve (issue 36). It opens over the results; the
// chart and its library (lightweight-charts) arrive in a chunk of their own on the first click,
// so the Backtest view does not download them for a customer who never opens a curve.
import { EQUITY_CURVE_MESSAGES, type BacktestResult } from '@platform/contracts';
import { lazy, Suspense, useId } from 'react';
import { Dialog } from '../../../components/dialog';
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
  const titleId = useId();
  return (
    <Dialog open={row !== null} onCancel={onClose} labelledBy={titleId} className="dialog--equity-curve">
      {row && (
        <div className="equity-curve">
          <header className="equity-curve__header">
            <div>
              <h2 id={titleId} className="dialog__title">
                {EQUITY_CURVE_MESSAGES.title}
              </h2>
              <p className="equity-curve__row">{curveRowLabel(row)}</p>
            </div>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Chiudi
            </button>
          </header>
          <Suspense
            fallback={
              <div
                className="spinner backtests-loading"
                role="status"
                aria-label={EQUITY_CURVE_MESSAGES.loading}
              />
            }
          >
            <EquityCurvePanel key={`${backtestId}:${row.index}`} backtestId={backtestId} row={row.index} />
          </Suspense>
        </div>
      )}
    </Dialog>
  );
}
