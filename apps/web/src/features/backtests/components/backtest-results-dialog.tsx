// The results of a completed backtest (product-spec.md section 2): the rows are fetched when the
// dialog opens; a risk-score slider keeps those whose requirement is within it, and the three
// highlight cards follow the slider. Every row (not only those within the risk score) can be
// exported as CSV, and each row opens its equity curve (issue 36).
import {
  EQUITY_CURVE_MESSAGES,
  STATEMENT_MESSAGES,
  type Backtest,
  type BacktestResult,
} from '@platform/contracts';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Dialog } from '../../../components/dialog';
import { formatDay, formatEuro, formatNumber } from '../../../lib/format';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useExportBacktestResults } from '../api/export-backtest-results';
import { useBacktest } from '../api/get-backtest';
import {
  atLeverage,
  currentRisk,
  overflowSummary,
  RISK_MAX,
  RISK_MIN,
  RISK_STEP,
  withinRisk,
  type RiskLeverage,
} from '../backtest-results';
import { equityCurveColumn } from './equity-curve-column';
import { EquityCurveDialog, type CurveRow } from './equity-curve-dialog';
import { HighlightCards } from './highlight-cards';
import './risk-leverage.css';
import { heldBackColumns, resultColumns, resultRowId } from './result-columns';

const PAGE_SIZE = 100;
const PAGE_SIZE_OPTIONS = [50, 100, 200, 500] as const;

interface BacktestResultsDialogProps {
  /** null: closed. */
  backtest: Backtest | null;
  onClose: () => void;
}

export function BacktestResultsDialog({ backtest, onClose }: BacktestResultsDialogProps) {
  const titleId = useId();
  const [curveRow, setCurveRow] = useState<CurveRow | null>(null);
  const close = () => {
    setCurveRow(null);
    onClose();
  };
  // The curve's dialog opens over this one, beside it in the tree rather than inside: its Escape
  // (React's cancel event, which bubbles through the component tree) then closes the curve alone.
  return (
    <>
      <Dialog open={backtest !== null} onCancel={close} labelledBy={titleId} className="dialog--results">
        {backtest && (
          <BacktestResults
            key={backtest._id}
            id={backtest._id}
            titleId={titleId}
            onClose={close}
            onOpenCurve={setCurveRow}
          />
        )}
      </Dialog>
      {backtest && (
        <EquityCurveDialog backtestId={backtest._id} row={curveRow} onClose={() => setCurveRow(null)} />
      )}
    </>
  );
}

interface BacktestResultsProps {
  id: string;
  titleId: string;
  onClose: () => void;
  onOpenCurve: (row: CurveRow) => void;
}

function BacktestResults({ id, titleId, onClose, onOpenCurve }: BacktestResultsProps) {
  const details = useBacktest(id);
  const [chosenRisk, setChosenRisk] = useState<number | null>(null);
  const risk = currentRisk(chosenRisk, details.isSuccess);
  const sliderId = useId();
  const loaded = details.data;
  const [leverage, setLeverage] = useState<RiskLeverage>('own');
  // The rows with their requirement at the leverage the risk is read at: the slider, the table
  // and the highlight cards all follow it.
  const backtest = useMemo(
    () => loaded && { ...loaded, results: atLeverage(loaded.results, leverage) as BacktestResult[] },
    [loaded, leverage],
  );
  const rows = useMemo(() => (backtest ? withinRisk(backtest.results, risk) : []), [backtest, risk]);
  const stoppedNote = backtest ? overflowSummary(backtest.results, risk) : undefined;
  // The curve asks for a row by its place among all the rows, whatever the risk shows.
  const columns = useMemo(() => {
    const places = new Map<BacktestResult, number>(backtest?.results.map((result, index) => [result, index]));
    const open = (result: BacktestResult) => {
      const index = places.get(result);
      if (index !== undefined) onOpenCurve({ index, result });
    };
    const outOfSample = backtest?.heldBackFrom ? heldBackColumns : [];
    return [...resultColumns, ...outOfSample, equityCurveColumn(open)];
  }, [backtest, onOpenCurve]);
  const singleRow = backtest?.type === 'single' ? backtest.results[0] : undefined;

  return (
    <div className="backtest-results">
      <header className="backtest-results__header">
        <div>
          <h2 id={titleId} className="dialog__title">
            Risultati backtest
          </h2>
          {backtest && (
            <p className="muted-note">
              {backtest.type === 'range' ? 'Classico' : 'Singolo'}
              {backtest.algorithm ? ` · ${backtest.algorithm.name}` : ''} · {backtest.market} ·{' '}
              {formatDay(backtest.from)} – {formatDay(backtest.to)} · Capital {formatEuro(backtest.capital)} ·
              Leverage {backtest.leverage}
            </p>
          )}
        </div>
        <div className="backtest-results__actions">
          {singleRow && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onOpenCurve({ index: 0, result: singleRow })}
            >
              {EQUITY_CURVE_MESSAGES.open}
            </button>
          )}
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
        {backtest && <RiskLeverageChoice own={backtest.leverage} value={leverage} onChange={setLeverage} />}
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
          {backtest.heldBackFrom && (
            <p className="backtest-results__note">
              Fuori campione: l’ultimo {formatNumber(backtest.holdOut)}% delle barre, dal{' '}
              {formatDay(backtest.heldBackFrom)}, è stato tenuto da parte. Le righe e i riquadri sono
              calcolati sul periodo precedente; le colonne «fuori campione» mostrano il risultato di ogni riga
              su quella parte, ripartendo dal capitale.
            </p>
          )}
          <HighlightCards backtest={backtest} risk={risk} />
          <DataTable
            title={`Risultati con requirement ≤ ${risk}%`}
            data={rows}
            columns={columns}
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

/** The leverage the requirement and the risk are read at: the backtest's own, 1:20 or 1:200. */
function RiskLeverageChoice({
  own,
  value,
  onChange,
}: {
  own: number;
  value: RiskLeverage;
  onChange: (leverage: RiskLeverage) => void;
}) {
  const name = useId();
  const options: [RiskLeverage, string][] = [
    ['own', `Leva del backtest (1:${own})`],
    [20, '1:20'],
    [200, '1:200'],
  ];
  return (
    <fieldset className="backtest-results__leverage">
      <legend className="form-field__label">Requirement e rischio alla leva</legend>
      {options.map(([option, label]) => (
        <label key={label} className="checkbox">
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />{' '}
          {label}
        </label>
      ))}
    </fieldset>
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
