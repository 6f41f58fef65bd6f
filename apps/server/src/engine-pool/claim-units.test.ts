// A sweep's groups split into the units its threads claim: every group once, most of the work
// in one large unit per thread, those units of about the same weight, and the rest in small ones.
import { decisionGroups, sequenceCost } from '@platform/engine';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOLD_RUNS } from '../../test/support/default-gold-sweep';
import { claimUnits } from './claim-units';

const costs = decisionGroups(DEFAULT_GOLD_RUNS).map((group) =>
  sequenceCost(DEFAULT_GOLD_RUNS[group[0] as number]!),
);
const workOf = (unit: number[]) => unit.reduce((sum, group) => sum + (costs[group] as number), 0);
const total = costs.reduce((sum, cost) => sum + cost, 0);

describe('claim units', () => {
  it('hands every group out once', () => {
    for (const threads of [1, 2, 3, 8]) {
      const handed = claimUnits(costs, threads).flat();
      expect(handed.toSorted((a, b) => a - b)).toEqual(costs.map((_, group) => group));
    }
  });

  it('gives each thread one large unit first, of about the same weight, and the rest in smaller ones', () => {
    const units = claimUnits(costs, 2);
    const [first, second, ...rest] = units.map(workOf);
    expect(first! + second!).toBeGreaterThan(0.85 * total);
    // Within the costliest single group of each other.
    expect(Math.abs(first! - second!)).toBeLessThanOrEqual(costs[0]!);
    // The default GOLD sweep: 252 groups, about a hundred in each of the first two units.
    expect(units[0]!.length).toBeGreaterThan(80);
    for (const unit of rest) expect(unit).toBeLessThan(first! / 2);
    expect(rest).toEqual(rest.toSorted((a, b) => b - a));
  });

  it('leaves a lone group, as a single backtest has, to one unit', () => {
    expect(claimUnits([1], 2)).toEqual([[0]]);
    expect(claimUnits([], 2)).toEqual([]);
  });
});
