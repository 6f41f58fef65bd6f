// The results of a completed backtest (product-spec.md section 2): the rows are fetched when the
// dialog opens; a risk-score slider keeps those whose requirement is within it, and the three
// highlight cards follow the slider. Every row (not only those within the risk score) can be
// exported as CSV (issue 36).
import { STATEMENT_MESSAGES, type Backtest } from '@platform/contracts';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Dialog } from '../../../components/dialog';
import { formatDay, formatEuro } from '../../../lib/format';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useExportBacktestResults } from '../api/export-backtest-results';
import { useBacktest } from '../api/get-backtest';
import { currentRisk, overflowSummary, RISK_MAX, RISK_MIN, RISK_STEP, withinRisk } from '../backtest-results';
import { HighlightCards } from './highlight-cards';
import { resultColumns, resultRowId } from './result-columns';

const PAGE_SIZE = 100;
const PAGE_SIZE_OPTIONS = [50, 100, 200, 500] as const;

interface BacktestResultsDialogProps {
  /** null: closed. */
  backtest: Backtest | null;
  onClose: () => void;
}

export function BacktestResultsDialog({ backtest, onClose }: BacktestResultsDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={backtest !== null} onCancel={onClose} labelledBy={titleId} className="dialog--results">
      {backtest && (
        <BacktestResults key={backtest._id} id={backtest._id} titleId={titleId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function BacktestResults({ id, titleId, onClose }: { id: string; titleId: string; onClose: () => void }) {
  const details = useBacktest(id);
  const [chosenRisk, setChosenRisk] = useState<number | null>(null);
  const risk = currentRisk(chosenRisk, details.isSuccess);
  const sliderId = useId();
  const backtest = details.data;
  const rows = useMemo(() => (backtest ? withinRisk(backtest.results, risk) : []), [backtest, risk]);
  const stoppedNote = backtest ? overflowSummary(backtest.results, risk) : undefined;

  return (
    <div className="backtest-results">
      <header className="backtest-results__header">
        <div>
          <h2 id={titleId} className="dialog__title">
            Risultati backtest
          </h2>
          {backtest && (
            <p className="backtest-results__summary">
              {backtest.type === 'range' ? 'Classico' : 'Singolo'}
              {backtest.algorithm ? ` · ${backtest.algorithm.name}` : ''} · {backtest.market} ·{' '}
              {formatDay(backtest.from)} – {formatDay(backtest.to)} · Capital {formatEuro(backtest.capital)} ·
              Leverage {backtest.leverage}
            </p>
          )}
        </div>
        <div className="backtest-results__actions">
          {backtest && <ExportResultsButton id={backtest._id} />}
          <button type="button" className="button button--ghost" onClick={onClose}>
            Chiudi
          </button>
        </div>
      </header>

      <div className="backtest-results__risk">
        <label htmlFor={sliderId} className="form-field__label">
          Risk score: {risk}%
        </label>
        <input
          id={sliderId}
          type="range"
          min={RISK_MIN}
          max={RISK_MAX}
          step={RISK_STEP}
          value={risk}
          disabled={!backtest}
          aria-valuetext={`${risk}%`}
          onChange={(event) => setChosenRisk(Number(event.target.value))}
        />
      </div>

      {details.isPending && (
        <div className="spinner backtests-loading" role="status" aria-label="Caricamento risultati" />
      )}
      {details.isError && (
        <p className="backtests-error" role="alert">
          {details.error.message}
        </p>
      )}
      {backtest && (
        <>
          {backtest.fxFallback && (
            <p className="backtest-results__note">
              Per alcuni giorni mancava il cambio EURUSD: i profitti di quei giorni usano un cambio di 1,0.
            </p>
          )}
          {stoppedNote && <p className="backtest-results__note">{stoppedNote}</p>}
          <HighlightCards backtest={backtest} risk={risk} />
          <DataTable
            title={`Risultati con requirement ≤ ${risk}%`}
            data={rows}
            columns={resultColumns}
            getRowId={resultRowId}
            pageSize={PAGE_SIZE}
            pageSizeOptions={PAGE_SIZE_OPTIONS}
            height="50vh"
            virtualizeAbove={PAGE_SIZE_OPTIONS[0]}
          />
        </>
      )}
    </div>
  );
}

function ExportResultsButton({ id }: { id: string }) {
  const exporting = useExportBacktestResults();
  const exportResults = () =>
    exporting.mutate(id, {
      onSuccess: (filename) => notify.success(`File scaricato: ${filename}`),
      onError: (error) => notify.error(refusalMessage(error, STATEMENT_MESSAGES.downloadError)),
    });
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={exportResults}
      disabled={exporting.isPending}
      aria-busy={exporting.isPending}
    >
      {exporting.isPending ? 'Download in corso…' : STATEMENT_MESSAGES.exportResults}
    </button>
  );
}
