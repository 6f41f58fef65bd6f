// Engine work on worker threads (Piscina): a backtest's bars are prepared on shared memory, a
// slice per thread, and kept for the next backtest over the same bars (prepared-bars-cache.ts);
// the threads claim its runs in units of groups (claim-units.ts); analyses run on a thread. The
// threads start with the pool and stay, so a job never waits for one to boot. The server's own
// thread only hands out work and gathers it.
import {
  allocatePrepared,
  completePrepared,
  dayRates,
  decisionGroups,
  sequenceCost,
  shareBars,
  type AnalysisResults,
  type EquityCurve,
  type FilledSlice,
  type GridParams,
  type RunResult,
} from '@platform/engine';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import {
  jobFx,
  usedFxFallback,
  type EngineExecutor,
  type GridJob,
  type GridJobResult,
} from './engine-executor';
import { claimUnits } from './claim-units';
import type { ClaimedUnit, CurveShare, GridShare, PrepareSlice } from './engine-worker';
import { PreparedBarsCache, type PreparedJobBars } from './prepared-bars-cache';

export interface ThreadPoolOptions {
  /** The worker module: engine-worker.js next to the bundle, or the .ts source with a loader in execArgv. */
  workerFile: string;
  threads?: number;
  execArgv?: string[];
  /** Where prepared bars are kept between jobs (default: a cache of the default budget). */
  preparedBars?: PreparedBarsCache;
}

/**
 * V8's inlining budget, raised for the engine: with its defaults (460 bytes of bytecode per inlined
 * function, 920 in all per optimised function) a run's event loop stays split into calls (advance,
 * settle, jump…), and every event pays for those calls and for reading the run's state back from
 * its fields. Inlined into one function, a whole-span sweep takes about 12% less CPU (README,
 * speed). The flags are the process's, read whenever V8 optimises a function: set before the
 * threads start, they hold for every thread.
 */
export const ENGINE_V8_FLAGS = [
  '--max-inlined-bytecode-size=2000',
  '--max-inlined-bytecode-size-cumulative=8000',
];

export function createThreadPoolExecutor(options: ThreadPoolOptions): EngineExecutor {
  for (const flag of ENGINE_V8_FLAGS) setFlagsFromString(flag);
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const pool = new Piscina({
    filename: options.workerFile,
    minThreads: threads,
    maxThreads: threads,
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });

  const cache = options.preparedBars ?? new PreparedBarsCache();

  /** The job's bars prepared on shared memory, one slice per thread. */
  const prepareOnThreads = async (job: GridJob): Promise<PreparedJobBars> => {
    const fx = jobFx(job);
    const bars = shareBars(job.bars);
    const days = dayRates(bars.t, fx);
    const columns = allocatePrepared(bars.t, { shared: true });
    // Slices start on block boundaries: each thread summarises its own blocks.
    const blockSize = columns.finest.size;
    const sliceLength = Math.ceil(columns.count / threads / blockSize) * blockSize;
    const slices: PrepareSlice[] = [];
    for (let from = 0; from < columns.count; from += sliceLength) {
      const to = Math.min(from + sliceLength, columns.count);
      slices.push({ bars, columns, instrument: job.instrument, days, from, to });
    }
    const filled = (await Promise.all(
      slices.map((slice) => pool.run(slice, { name: 'prepareSlice' })),
    )) as FilledSlice[];
    const prepared = completePrepared(columns, job.instrument, filled, { shared: true });
    return { prepared, fxFallback: usedFxFallback(job, fx) };
  };

  return {
    async runGrids(job: GridJob): Promise<GridJobResult> {
      const { prepared, fxFallback } = await cache.prepared(job, prepareOnThreads);
      // Every thread claims units of groups from one shared list until none is left; runs that
      // share a decision sequence are one group, simulated once.
      const groups = decisionGroups(job.params);
      const leaders = groups.map((indexes) => job.params[indexes[0] as number] as GridParams);
      const units = claimUnits(leaders.map(sequenceCost), threads);
      const share: GridShare = {
        prepared,
        groups: groups.map((indexes) => indexes.map((index) => job.params[index] as GridParams)),
        units,
        next: new Int32Array(new SharedArrayBuffer(4)),
      };
      const answers = (await Promise.all(
        Array.from({ length: threads }, () => pool.run(share)),
      )) as ClaimedUnit[][];
      const results = new Array<RunResult>(job.params.length);
      let answered = 0;
      for (const { unit, results: unitResults } of answers.flat()) {
        unitResults.forEach((members, offset) => {
          groups[(units[unit] as number[])[offset] as number]?.forEach((index, position) => {
            results[index] = members[position] as RunResult;
            answered++;
          });
        });
      }
      if (answered !== results.length) throw new Error('the threads left runs unanswered');
      return { results, fxFallback };
    },
    analyse: (job) => pool.run(job, { name: 'analyse' }) as Promise<AnalysisResults>,
    async equityCurve(job) {
      // The bars a backtest of the same period prepared, when the cache still has them; the
      // thread gets fx as the rate of each day of the bars, not the EURUSD history.
      const { prepared } = await cache.prepared({ ...job, params: [job.params] }, prepareOnThreads);
      const share: CurveShare = {
        prepared,
        bars: shareBars(job.bars),
        params: job.params,
        days: dayRates(job.bars.t, jobFx(job)),
      };
      return (await pool.run(share, { name: 'equityCurve' })) as EquityCurve;
    },
    pricesChanged: (market) => cache.forget(market),
    close: () => pool.destroy(),
  };
}

/**
 * Where the worker module is: next to the bundle in dist/ (npm start), or the TypeScript source
 * loaded through tsx when the server itself runs from source (npm run dev).
 */
export function engineWorkerLocation(entryUrl: string): Pick<ThreadPoolOptions, 'workerFile' | 'execArgv'> {
  const bundled = fileURLToPath(new URL('./engine-worker.js', entryUrl));
  if (existsSync(bundled)) return { workerFile: bundled };
  return {
    workerFile: fileURLToPath(new URL('./engine-pool/engine-worker.ts', entryUrl)),
    execArgv: ['--import', 'tsx'],
  };
}
