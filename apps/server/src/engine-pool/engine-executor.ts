// Where engine work runs. The runner hands over plain typed arrays and gets plain results, so the
// same job can be computed in this thread (tests, small jobs) or split across worker threads.
import {
  analyseMarket,
  equityCurve,
  fallbackFx,
  fxFromCloses,
  prepareBars,
  runAllPrepared,
  type AnalysisResults,
  type Bars,
  type EquityCurve,
  type FxCurve,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from '@platform/engine';
import type { Market } from '@platform/contracts';

export interface GridJob {
  /** The market the bars are of: what an upload to it makes stale (EngineExecutor.pricesChanged). */
  market: Market;
  bars: Bars;
  instrument: InstrumentSpec;
  /** EURUSD closes for fx(d) (daily, else 1m), or null when there is no EURUSD data. */
  fx: { t: Float64Array; c: Float64Array } | null;
  params: GridParams[];
}

export interface GridJobResult {
  results: RunResult[];
  /** True when some day used the 1.0 fallback rate. */
  fxFallback: boolean;
}

/** One run's balance and equity curve (issue 36): a grid job of one run. */
export interface CurveJob extends Omit<GridJob, 'params'> {
  params: GridParams;
}

export interface AnalysisJob {
  bars: Bars;
  point: number;
  /** The market's default mediazione: shallower episodes are ignored. */
  threshold: number;
}

export interface EngineExecutor {
  runGrids(job: GridJob): Promise<GridJobResult>;
  analyse(job: AnalysisJob): Promise<AnalysisResults>;
  /** One run's curve, over bars prepared before when they were (a backtest of the same bars). */
  equityCurve(job: CurveJob): Promise<EquityCurve>;
  /** The market's stored bars changed (an upload): forget what was prepared from them. */
  pricesChanged(market: Market): void;
  close(): Promise<void>;
}

/** The job's fx curve: from its EURUSD closes, or 1.0 everywhere when it has none. */
export function jobFx(job: Pick<GridJob, 'fx'>): FxCurve {
  return job.fx ? fxFromCloses(job.fx.t, job.fx.c) : fallbackFx();
}

/** Whether some day of the job used the 1.0 fallback rate; read once its bars are prepared. */
export const usedFxFallback = (job: GridJob, fx: FxCurve) => job.fx === null || fx.usedFallback;

/** The grid runs of one job: bars prepared once, each decision sequence simulated once. */
export function computeGrids(job: GridJob): GridJobResult {
  const fx = jobFx(job);
  const prepared = prepareBars(job.bars, job.instrument, fx);
  return { results: runAllPrepared(prepared, job.params), fxFallback: usedFxFallback(job, fx) };
}

/**
 * Runs everything in the calling thread, preparing every job's bars afresh: for tests and for a
 * process with one core to give.
 */
export const inlineExecutor: EngineExecutor = {
  runGrids: (job) => Promise.resolve(computeGrids(job)),
  analyse: (job) => Promise.resolve(analyseMarket(job.bars, job.point, job.threshold)),
  equityCurve: (job) => Promise.resolve(equityCurve(job.bars, job.params, job.instrument, jobFx(job))),
  pricesChanged: () => undefined,
  close: () => Promise.resolve(),
};
