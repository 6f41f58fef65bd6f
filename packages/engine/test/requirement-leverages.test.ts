// Every run reports what its grid needs at the platform's two leverages (issue 36): 1:20 and
// 1:200, whatever its own, each the requirement a run at that leverage reports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runGrid } from '../src/grid/run-grid';
import { scenario } from './arbitraries';

// CPU-bound (hundreds of random runs): seconds on a quiet 2-core machine, several times that on a
// shared one. Vitest's 5 s default would fail them for the machine's load; speed is the benches' to
// measure.
const CPU_BOUND_MS = 60_000;

describe('requirement at 1:20 and 1:200', { timeout: CPU_BOUND_MS }, () => {
  it('is the requirement of the same run at that leverage, and falls as the leverage grows', () => {
    fc.assert(
      fc.property(scenario, ({ bars, params, instrument, fx }) => {
        const run = runGrid(bars, params, instrument, fx());
        const at20 = runGrid(bars, { ...params, leverage: 20 }, instrument, fx());
        const at200 = runGrid(bars, { ...params, leverage: 200 }, instrument, fx());
        expect(run.requirement20).toBe(at20.requirement);
        expect(run.requirement200).toBe(at200.requirement);
        expect(at20.requirement20).toBe(at20.requirement);
        expect(run.requirement200).toBeLessThanOrEqual(run.requirement20);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
