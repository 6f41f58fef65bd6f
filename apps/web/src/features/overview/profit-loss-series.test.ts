import { describe, expect, it } from 'vitest';
import { cumulativeProfitLoss } from './profit-loss-series';

describe('cumulative profit/loss series', () => {
  it('adds up in closing order whatever the order received', () => {
    const points = cumulativeProfitLoss([
      { closedAt: '2025-03-02T10:00:00.000Z', profitLoss: -5 },
      { closedAt: '2025-03-01T10:00:00.000Z', profitLoss: 20 },
      { closedAt: '2025-03-03T10:00:00.000Z', profitLoss: 1.5 },
    ]);
    expect(points).toEqual([
      { time: Date.UTC(2025, 2, 1, 10) / 1000, value: 20 },
      { time: Date.UTC(2025, 2, 2, 10) / 1000, value: 15 },
      { time: Date.UTC(2025, 2, 3, 10) / 1000, value: 16.5 },
    ]);
  });

  it('merges transactions closed in the same second into one point with the total after them', () => {
    const points = cumulativeProfitLoss([
      { closedAt: '2025-03-01T10:00:00.100Z', profitLoss: 10 },
      { closedAt: '2025-03-01T10:00:00.900Z', profitLoss: 5 },
      { closedAt: '2025-03-01T10:00:01.000Z', profitLoss: -1 },
    ]);
    expect(points).toEqual([
      { time: Date.UTC(2025, 2, 1, 10) / 1000, value: 15 },
      { time: Date.UTC(2025, 2, 1, 10, 0, 1) / 1000, value: 14 },
    ]);
  });

  it('gives strictly increasing times', () => {
    const transactions = Array.from({ length: 50 }, (_, index) => ({
      closedAt: new Date(
        Date.UTC(2025, 0, 1) + Math.floor(index / 3) * 1000 + (index % 3) * 10,
      ).toISOString(),
      profitLoss: index,
    }));
    const times = cumulativeProfitLoss(transactions).map((point) => point.time);
    expect(times.every((time, index) => index === 0 || time > (times[index - 1] ?? Infinity))).toBe(true);
    expect(times).toHaveLength(17);
  });

  it('skips a transaction without a readable closing time', () => {
    expect(cumulativeProfitLoss([{ closedAt: 'not a date', profitLoss: 3 }])).toEqual([]);
  });
});
