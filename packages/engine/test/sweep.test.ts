import { describe, expect, it } from 'vitest';
import { DEFAULT_SWEEPS, sweepParams } from '../src/grid/sweep';

const base = { worst: 300, safeWorst: 400, capital: 10_000, leverage: 20, dynamic: false, close: true };

describe('range sweep', () => {
  it('has 1,323 runs for GOLD in nested order size, ratio, mediazione, target', () => {
    const runs = sweepParams(DEFAULT_SWEEPS.GOLD, base);
    expect(runs).toHaveLength(7 * 3 * 9 * 7);
    expect(runs.slice(0, 2).map((run) => [run.size, run.addizionale, run.mediazione, run.target])).toEqual([
      [0.01, 0.005, 10, 10],
      [0.01, 0.005, 10, 20],
    ]);
    expect(runs[7]).toMatchObject({ size: 0.01, mediazione: 20, target: 10 });
    expect(runs[63]).toMatchObject({ size: 0.01, addizionale: 0.01, mediazione: 10, target: 10 });
    expect(runs.every((run) => run.multiplier === 1)).toBe(true);
  });

  it('gives every run what the range shares: worst, safe worst, capital, leverage, dynamic and close', () => {
    const shared = { ...base, dynamic: true, close: false };
    for (const run of sweepParams(DEFAULT_SWEEPS.EURUSD, shared)) expect(run).toMatchObject(shared);
  });

  it('reports the raw addizionale, not the rounded lots', () => {
    expect(sweepParams(DEFAULT_SWEEPS.NASDAQ, base)[0]?.addizionale).toBe(0.005);
  });
});
