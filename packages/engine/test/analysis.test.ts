// Hand-worked market analyses (engine.md section 7, fine points 20-25), point 1.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/bars';
import { analyseMarket } from '../src/analysis/analyse-market';
import { chochDiffs } from '../src/analysis/choch';
import { dailyVolatility } from '../src/analysis/volatility';
import { episodes } from '../src/analysis/worst-episodes';
import { barsOf, START } from './bar-builder';

type Row = readonly [number, number, number, number];

describe('volatility', () => {
  it('measures each UTC day from its highest high to its lowest low', () => {
    const bars = barsOf(
      [
        [10, 12, 9, 11],
        [11, 15, 10, 14],
        [14, 14, 13, 13],
      ],
      START,
      DAY_MS / 2,
    );
    // Day 1: bars 0 and 1 → 15 − 9 = 6; day 2: bar 2 → 1.
    expect(dailyVolatility(bars, 1)).toEqual({ mean: 3.5, min: 1, max: 6 });
    expect(dailyVolatility(barsOf([]), 1)).toEqual({ mean: null, min: null, max: null });
  });
});

describe('worst episodes', () => {
  const rows: Row[] = [
    [100, 100, 99, 100], // peak 100
    [100, 100, 90, 95], // equal high: not a new peak; low 90 (first)
    [95, 98, 90, 96], // tie on 90: duration keeps the first
    [96, 105, 96, 104], // new peak 105 ends the episode: depth 10, 1 minute
    [104, 104, 100, 101], // inside: low 100
    [101, 110, 101, 109], // new peak 110: depth 5
    [109, 109, 108, 108], // last bar, inside the last episode: depth 2
  ];

  it('measures drawdowns from each new peak to the lowest low before the next, dropping shallow ones', () => {
    const stats = episodes(barsOf(rows), 1, 5, 'down');
    expect(stats.depth.result()).toEqual({ mean: 7.5, min: 5, max: 10 });
    // 1 minute (peak bar 0 to bar 1) and 1 minute (bar 3 to bar 4).
    expect(stats.duration.result().mean).toBe(1);
  });

  it('keeps a depth equal to the threshold and mirrors run-ups on troughs', () => {
    const up = episodes(barsOf(rows), 1, 0, 'up');
    // Trough 99 at bar 0; bar 1 (low 90) is a new trough with nothing inside yet; then from 90 up to 110.
    expect(up.depth.result().max).toBe(20);
  });

  it('reports nulls when no episode qualifies, keeping the block', () => {
    const results = analyseMarket(barsOf([[1, 2, 1, 2]]), 1, 5);
    expect(results.worst).toEqual({
      avg_positive: null,
      min_positive: null,
      max_positive: null,
      avg_negative: null,
      min_negative: null,
      max_negative: null,
      avg_positive_duration: null,
      avg_negative_duration: null,
    });
    expect(results.choch).toBeUndefined();
  });
});

describe('ChoCh', () => {
  /** One bar per hour: [high, low, close]. */
  const hours = (rows: [number, number, number][]) =>
    barsOf(
      rows.map(([high, low, close]) => [close, high, low, close] as const),
      START,
      3_600_000,
    );

  it('finds a bullish change after a bearish trend and measures it from the swing high to the lowest low', () => {
    const bars = hours([
      [10, 9, 9.5],
      [11, 10, 10.5],
      [12, 11, 11.5],
      [20, 15, 16], // 3: swing high 20 (known from 6)
      [14, 12, 13],
      [13, 11, 12],
      [12, 8, 9], // 6: swing low at 6? needs lows 7-9 ≥ 8
      [13, 9, 10],
      [14, 10, 11],
      [15, 11, 12],
      [16, 12, 7], // 10: close 7 < swing low 8 → trend bearish (first break only sets it)
      [18, 13, 17],
      [22, 16, 21], // 12: close 21 > swing high 20 while bearish → bullish ChoCh
    ]);
    const diffs = chochDiffs(bars, 1).result();
    // From the swing high bar (3) to the breaking bar (12) the lowest low is 8: 20 − 8.
    expect(diffs).toEqual({ mean: 12, min: 12, max: 12 });
  });
});
