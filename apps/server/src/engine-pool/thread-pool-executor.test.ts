// The thread pool prepares a sweep's bars in slices on its threads and splits the runs across
// them over shared memory; it must answer exactly what the same runs give in one thread.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineExecutor } from './engine-executor';
import { createThreadPoolExecutor } from './thread-pool-executor';
import { DEFAULT_GOLD_RUNS } from '../../test/support/default-gold-sweep';
import { oscillatingBars } from '../../test/support/memory-prices';

// CPU-bound (threads that load the engine through tsx): seconds on a quiet 2-core machine, several
// times that on a shared one. Vitest's 5 s default would fail them for the machine's load; speed is
// the benches' to measure.
const CPU_BOUND_MS = 60_000;

describe('thread pool executor', { timeout: CPU_BOUND_MS }, () => {
  it('answers the same rows and analysis as one thread, in the same order', async () => {
    const executor = createThreadPoolExecutor({
      workerFile: fileURLToPath(new URL('./engine-worker.ts', import.meta.url)),
      threads: 2,
      // Workers load the TypeScript source through tsx; the server bundle ships plain JavaScript.
      execArgv: ['--import', 'tsx'],
    });
    try {
      // Three days of bars and an EURUSD close for only the day before the last: the rate
      // changes inside the period and the first days use the fallback.
      const day = 86_400_000;
      const job = {
        market: 'GOLD' as const,
        bars: oscillatingBars('2024-03-04', 3),
        instrument: { point: 0.1, contractSize: 100, spreadPoints: 3 },
        fx: { t: Float64Array.of(Date.parse('2024-03-05T00:00:00Z') + day / 2), c: Float64Array.of(1.0842) },
        params: DEFAULT_GOLD_RUNS.slice(0, 101),
      };
      const threaded = await executor.runGrids(job);
      const single = await inlineExecutor.runGrids(job);
      expect(threaded.results).toHaveLength(101);
      expect(threaded).toEqual(single);
      expect(threaded.fxFallback).toBe(true);
      const analysis = { bars: job.bars, point: 0.1, threshold: 30 };
      expect(await executor.analyse(analysis)).toEqual(await inlineExecutor.analyse(analysis));
    } finally {
      await executor.close();
    }
  });
});
