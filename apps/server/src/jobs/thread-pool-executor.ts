// Engine work on worker threads (Piscina): a range sweep is split into one share per thread, each
// over the same bars in shared memory. Analyses are one pass over the bars and run in the caller.
import { analyseMarket, type Bars } from '@platform/engine';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EngineExecutor, GridJob, GridJobResult } from './engine-executor';

function toShared(array: Float64Array): Float64Array {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const shared = new Float64Array(new SharedArrayBuffer(array.byteLength));
  shared.set(array);
  return shared;
}

function sharedBars(bars: Bars): Bars {
  return { t: toShared(bars.t), o: toShared(bars.o), h: toShared(bars.h), l: toShared(bars.l), c: toShared(bars.c) };
}

export interface ThreadPoolOptions {
  /** The worker module: engine-worker.js next to the bundle, or the .ts source with a loader in execArgv. */
  workerFile: string;
  threads?: number;
  execArgv?: string[];
}

export function createThreadPoolExecutor(options: ThreadPoolOptions): EngineExecutor {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const pool = new Piscina({
    filename: options.workerFile,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });
  return {
    async runGrids(job: GridJob): Promise<GridJobResult> {
      const shares = Math.min(threads, job.params.length);
      if (shares <= 1) return (await pool.run(job)) as GridJobResult;
      const bars = sharedBars(job.bars);
      const fx = job.fx && { t: toShared(job.fx.t), c: toShared(job.fx.c) };
      // Interleaved shares: neighbouring parameter sets cost alike, so each thread gets a fair mix.
      const parts = Array.from({ length: shares }, (_, share) => job.params.filter((_, index) => index % shares === share));
      const answers = (await Promise.all(parts.map((params) => pool.run({ ...job, bars, fx, params })))) as GridJobResult[];
      const results = job.params.map((_, index) => {
        const answer = answers[index % shares];
        const result = answer?.results[Math.floor(index / shares)];
        if (!result) throw new Error('a worker answered fewer results than it was given');
        return result;
      });
      return { results, fxFallback: answers.some((answer) => answer.fxFallback) };
    },
    analyse: (job) => Promise.resolve(analyseMarket(job.bars, job.point, job.threshold)),
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
  return { workerFile: fileURLToPath(new URL('./jobs/engine-worker.ts', entryUrl)), execArgv: ['--import', 'tsx'] };
}
