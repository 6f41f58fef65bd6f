// The worker-thread side of the thread-pool executor: a slice of a sweep's bar preparation, the
// sweep's runs over bars prepared on shared memory (no thread copies them), or an analysis.
import {
  analyseMarket,
  fillPrepared,
  runGroups,
  sequenceCost,
  type AnalysisResults,
  type Bars,
  type FilledSlice,
  type DayRates,
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
  /** The first group no thread has claimed yet: one counter on shared memory for every thread. */
  next: Int32Array;
  threads: number;
}

/** Groups one thread ran: groups[first], groups[first + 1], … and their members' results. */
export interface ClaimedGroups {
  first: number;
  results: RunResult[][];
}

/** Fewer groups than this at a time lose what their turns over the same windows of bars save. */
const MIN_GROUPS_PER_CLAIM = 4;

/**
 * Claims groups until none is left, each time about 1/(2 · threads) of the estimated work left
 * (guided self-scheduling): large claims share their windows of bars among many groups, and the
 * small last ones, of the cheapest groups, let the threads finish together.
 */
export default function runClaimedGroups(share: GridShare): ClaimedGroups[] {
  const { groups, next, threads } = share;
  // workLeft[k]: the estimated work of groups k, k + 1, …
  const workLeft = new Float64Array(groups.length + 1);
  for (let group = groups.length - 1; group >= 0; group--) {
    workLeft[group] =
      (workLeft[group + 1] as number) + sequenceCost((groups[group] as GridParams[])[0] as GridParams);
  }
  const claimed: ClaimedGroups[] = [];
  for (;;) {
    const first = Atomics.load(next, 0);
    if (first >= groups.length) return claimed;
    const goal = (workLeft[first] as number) / (2 * threads);
    let end = first + MIN_GROUPS_PER_CLAIM;
    while (end < groups.length && (workLeft[first] as number) - (workLeft[end] as number) < goal) end++;
    end = Math.min(end, groups.length);
    if (Atomics.compareExchange(next, 0, first, end) !== first) continue; // another thread claimed first
    claimed.push({ first, results: runGroups(share.prepared, groups.slice(first, end)) });
  }
}

/** Fills its slice of the shared columns; answers what the slice found besides them. */
export function prepareSlice(slice: PrepareSlice): FilledSlice {
  return fillPrepared(slice.columns, slice.bars, slice.instrument, slice.days, slice.from, slice.to);
}

export function analyse(job: AnalysisJob): AnalysisResults {
  return analyseMarket(job.bars, job.point, job.threshold);
}
