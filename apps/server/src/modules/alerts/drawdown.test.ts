import { describe, expect, it } from 'vitest';
import { drawdownOf } from './drawdown';

describe('drawdown of the booked cycles', () => {
  it('is zero at a new high and measured from the highest equity since', () => {
    expect(drawdownOf(10_000, [])).toEqual({ pct: 0, peakCycleId: null });
    expect(drawdownOf(10_000, [{ id: 'a', profitLoss: 500 }])).toEqual({ pct: 0, peakCycleId: 'a' });
    const fall = drawdownOf(10_000, [
      { id: 'a', profitLoss: 1000 },
      { id: 'b', profitLoss: -2200 },
    ]);
    expect(fall.peakCycleId).toBe('a');
    expect(fall.pct).toBeCloseTo(20, 10);
  });

  it('counts a loss from the start against the capital', () => {
    expect(drawdownOf(10_000, [{ id: 'a', profitLoss: -1500 }])).toEqual({ pct: 15, peakCycleId: null });
  });

  it('starts a new episode at the next high', () => {
    const result = drawdownOf(10_000, [
      { id: 'a', profitLoss: -1000 },
      { id: 'b', profitLoss: 2000 },
      { id: 'c', profitLoss: -550 },
    ]);
    expect(result.peakCycleId).toBe('b');
    expect(result.pct).toBeCloseTo(5, 10);
  });
});
