// A row's equity curve on the thread pool (issue 36): over the bars a backtest prepared on shared
// memory, with fx handed to the thread as the rate of each day, it must be the curve the same run
// gives in one thread.
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

describe('equity curve on the thread pool', { timeout: CPU_BOUND_MS }, () => {
  it('is the curve of one thread, before and after a backtest prepared the same bars', async () => {
    const executor = createThreadPoolExecutor({
      workerFile: fileURLToPath(new URL('./engine-worker.ts', import.meta.url)),
      threads: 2,
      execArgv: ['--import', 'tsx'],
    });
    try {
      // The rate changes inside the period and the first days use the fallback.
      const day = 86_400_000;
      const base = {
        market: 'GOLD' as const,
        bars: oscillatingBars('2024-03-04', 3),
        instrument: { point: 0.1, contractSize: 100, spreadPoints: 3 },
        fx: { t: Float64Array.of(Date.parse('2024-03-05T00:00:00Z') + day / 2), c: Float64Array.of(1.0842) },
      };
      const rows = [
        DEFAULT_GOLD_RUNS[0]!,
        DEFAULT_GOLD_RUNS[700]!,
        { ...DEFAULT_GOLD_RUNS[1000]!, dynamic: true, close: false },
      ];
      for (const params of rows) {
        const job = { ...base, params };
        expect(await executor.equityCurve(job)).toEqual(await inlineExecutor.equityCurve(job));
      }
      await executor.runGrids({ ...base, params: DEFAULT_GOLD_RUNS.slice(0, 10) });
      const job = { ...base, params: rows[1]! };
      expect(await executor.equityCurve(job)).toEqual(await inlineExecutor.equityCurve(job));
    } finally {
      await executor.close();
    }
  });
});
