// The thread pool splits a sweep across worker threads over shared bars and must answer exactly
// what the same runs give in one thread.
import { DEFAULT_SWEEPS, sweepParams } from '@platform/engine';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineExecutor } from './engine-executor';
import { createThreadPoolExecutor } from './thread-pool-executor';
import { oscillatingBars } from '../../test/support/memory-prices';

describe('thread pool executor', () => {
  it('answers the same rows and analysis as one thread, in the same order', async () => {
    const executor = createThreadPoolExecutor({
      workerFile: fileURLToPath(new URL('./engine-worker.ts', import.meta.url)),
      threads: 2,
      // Workers load the TypeScript source through tsx; the server bundle ships plain JavaScript.
      execArgv: ['--import', 'tsx'],
    });
    try {
      const job = {
        bars: oscillatingBars('2024-03-04', 1),
        instrument: { point: 0.1, contractSize: 100, spreadPoints: 3 },
        fx: null,
        params: sweepParams(DEFAULT_SWEEPS.GOLD, { worst: 300, safeWorst: 400, capital: 10_000, leverage: 20, dynamic: false, close: true }).slice(0, 101),
      };
      const threaded = await executor.runGrids(job);
      const single = await inlineExecutor.runGrids(job);
      expect(threaded.results).toHaveLength(101);
      expect(threaded).toEqual(single);
      const analysis = { bars: job.bars, point: 0.1, threshold: 30 };
      expect(await executor.analyse(analysis)).toEqual(await inlineExecutor.analyse(analysis));
    } finally {
      await executor.close();
    }
  });
});
