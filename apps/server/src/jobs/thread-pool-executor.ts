// Engine work on worker threads (Piscina): a range sweep is prepared once on shared memory and
// split into a few shares per thread; analyses run on a thread. The threads start with the
// pool and stay, so a job never waits for one to boot.
import { decisionKey, type AnalysisResults, type GridParams, type RunResult } from '@platform/engine';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { prepareGridJob, type EngineExecutor, type GridJob, type GridJobResult } from './engine-executor';
import type { GridShare } from './engine-worker';

export interface ThreadPoolOptions {
  /** The worker module: engine-worker.js next to the bundle, or the .ts source with a loader in execArgv. */
  workerFile: string;
  threads?: number;
  execArgv?: string[];
}

const SHARES_PER_THREAD = 4;

export function createThreadPoolExecutor(options: ThreadPoolOptions): EngineExecutor {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  const pool = new Piscina({
    filename: options.workerFile,
    minThreads: threads,
    maxThreads: threads,
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });
  return {
    async runGrids(job: GridJob): Promise<GridJobResult> {
      // A few shares per thread: a thread that finishes early takes the next one, so no thread
      // idles while another still works through costly sequences.
      const shares = Math.min(threads * SHARES_PER_THREAD, job.params.length);
      // Prepared here: a worker would have to receive the raw bars as a copy first, which costs
      // more than it saves (measured: the 2-year sweep got slower).
      const { prepared, fxFallback } = prepareGridJob(job, true);
      const runShare = (params: GridParams[]) =>
        pool.run({ prepared, params } satisfies GridShare) as Promise<RunResult[]>;
      if (shares <= 1) return { results: await runShare(job.params), fxFallback };
      // Runs that share a decision sequence go to the same share (it simulates them once); the
      // groups are dealt round-robin, so each share gets a fair mix of cheap and costly ones.
      const groupOf = new Map<string, number>();
      const shareOf = job.params.map((params, index) => {
        const key = decisionKey(params, index);
        let group = groupOf.get(key);
        if (group === undefined) groupOf.set(key, (group = groupOf.size));
        return group % shares;
      });
      const parts = Array.from({ length: shares }, (): { params: GridParams[]; indexes: number[] } => ({
        params: [],
        indexes: [],
      }));
      job.params.forEach((params, index) => {
        const part = parts[shareOf[index] as number];
        part?.params.push(params);
        part?.indexes.push(index);
      });
      const answers = await Promise.all(parts.map((part) => runShare(part.params)));
      const results = new Array<RunResult>(job.params.length);
      parts.forEach((part, share) => {
        part.indexes.forEach((index, position) => {
          const result = answers[share]?.[position];
          if (!result) throw new Error('a worker answered fewer results than it was given');
          results[index] = result;
        });
      });
      return { results, fxFallback };
    },
    analyse: (job) => pool.run(job, { name: 'analyse' }) as Promise<AnalysisResults>,
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
    workerFile: fileURLToPath(new URL('./jobs/engine-worker.ts', entryUrl)),
    execArgv: ['--import', 'tsx'],
  };
}
