// The worker-thread side of the thread-pool executor: a slice of a sweep's bar preparation, the
// sweep's runs over bars prepared on shared memory (no thread copies them), an analysis, or one
// run's equity curve.
import {
  analyseMarket,
  equityCurvePrepared,
  fillPrepared,
  runGroups,
  type AnalysisResults,
  type Bars,
  type FilledSlice,
  type DayRates,
  type EquityCurve,
  type GridParams,
  type InstrumentSpec,
  type PreparedBars,
  type PreparedColumns,
  type RunResult,
} from '@platform/engine';
import type { AnalysisJob } from './engine-executor';

export interface PrepareSlice {
  /** Every bar of the job, on shared memory. */
  bars: Bars;
  columns: PreparedColumns;
  instrument: InstrumentSpec;
  days: DayRates;
  from: number;
  to: number;
}

export interface GridShare {
  prepared: PreparedBars;
  /** Every group of runs with one decision sequence, costliest first. */
  groups: GridParams[][];
  /** The groups of each unit a thread claims (claim-units.ts), in claiming order. */
  units: number[][];
  /** The first unit no thread has claimed yet: one counter on shared memory for every thread. */
  next: Int32Array;
}

/** A unit one thread ran, and its groups' members' results in the unit's order. */
export interface ClaimedUnit {
  unit: number;
  results: RunResult[][];
}

/** Claims units until none is left; the groups of one unit take their turns over the bars together. */
export default function runClaimedUnits(share: GridShare): ClaimedUnit[] {
  const { groups, units, next } = share;
  const claimed: ClaimedUnit[] = [];
  for (let unit = Atomics.add(next, 0, 1); unit < units.length; unit = Atomics.add(next, 0, 1)) {
    const unitGroups = (units[unit] as number[]).map((group) => groups[group] as GridParams[]);
    claimed.push({ unit, results: runGroups(share.prepared, unitGroups) });
  }
  return claimed;
}

/** Fills its slice of the shared columns; answers what the slice found besides them. */
export function prepareSlice(slice: PrepareSlice): FilledSlice {
  return fillPrepared(slice.columns, slice.bars, slice.instrument, slice.days, slice.from, slice.to);
}

export function analyse(job: AnalysisJob): AnalysisResults {
  return analyseMarket(job.bars, job.point, job.threshold);
}

/** One run's curve (issue 36) over bars the pool prepared on shared memory. */
export interface CurveShare {
  prepared: PreparedBars;
  bars: Bars;
  params: GridParams;
  /** fx(d) of every day of the bars. */
  days: DayRates;
}

export function equityCurve({ prepared, bars, params, days }: CurveShare): EquityCurve {
  const fx = { rateOnDay: (day: number) => days.rates[day - days.firstDay] ?? 1, usedFallback: false };
  return equityCurvePrepared(prepared, bars, params, fx);
}
