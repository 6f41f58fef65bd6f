// Engine work on worker threads (Piscina): a range sweep is split into one share per thread, each
// over the same bars in shared memory. Analyses are one pass over the bars and run in the caller.
import { analyseMarket, decisionKey, type Bars, type GridParams } from '@platform/engine';
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
      // Runs that share a decision sequence go to the same thread (it simulates them once); the
      // groups are dealt round-robin, so each thread gets a fair mix of cheap and costly ones.
      const groupOf = new Map<string, number>();
      const shareOf = job.params.map((params, index) => {
        const key = decisionKey(params, index);
        let group = groupOf.get(key);
        if (group === undefined) groupOf.set(key, (group = groupOf.size));
        return group % shares;
      });
      const parts = Array.from({ length: shares }, (): { params: GridParams[]; indexes: number[] } => ({ params: [], indexes: [] }));
      job.params.forEach((params, index) => {
        const part = parts[shareOf[index] as number];
        part?.params.push(params);
        part?.indexes.push(index);
      });
      const answers = (await Promise.all(
        parts.map((part) => pool.run({ ...job, bars, fx, params: part.params })),
      )) as GridJobResult[];
      const results = new Array<GridJobResult['results'][number]>(job.params.length);
      parts.forEach((part, share) => {
        part.indexes.forEach((index, position) => {
          const result = answers[share]?.results[position];
          if (!result) throw new Error('a worker answered fewer results than it was given');
          results[index] = result;
        });
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
