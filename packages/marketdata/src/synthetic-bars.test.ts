import { describe, expect, it } from 'vitest';
import {
  isSyntheticMarketOpen,
  syntheticBars,
  type SyntheticMarket,
  syntheticTickSize,
} from './synthetic-bars';

const MINUTE = 60_000;
const DAY = 86_400_000;
// Monday 2024-01-01 to Monday 2024-04-01: thirteen weeks.
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2024, 3, 1);
const MARKETS: SyntheticMarket[] = ['GOLD', 'NASDAQ', 'EURUSD'];
const generated = Object.fromEntries(MARKETS.map((m) => [m, syntheticBars(m, FROM, TO)]));

describe('synthetic bars', () => {
  it('come out the same on every run', () => {
    const again = syntheticBars('GOLD', FROM, TO);
    for (const column of ['t', 'o', 'h', 'l', 'c'] as const) {
      expect(
        Buffer.from(again[column].buffer).equals(Buffer.from(generated.GOLD![column].buffer)),
        column,
      ).toBe(true);
    }
    // Pinned, so a change of the model is a decision rather than an accident.
    expect([again.o[0], again.c[1000], again.c[again.c.length - 1]]).toEqual([1930, 1920.14, 2280.14]);
  });

  it.each(MARKETS)('are valid OHLC bars on the %s tick grid, in its usual price range', (market) => {
    const bars = generated[market]!;
    const tick = syntheticTickSize(market);
    const onGrid = (price: number) => Math.abs(price / tick - Math.round(price / tick)) < 1e-6;
    const range = { GOLD: [1700, 2700], NASDAQ: [12_000, 22_000], EURUSD: [0.98, 1.2] }[market];
    expect(bars.t.length).toBeGreaterThan(60_000);
    for (let i = 0; i < bars.t.length; i++) {
      const [o, h, l, c] = [bars.o[i]!, bars.h[i]!, bars.l[i]!, bars.c[i]!];
      if (!(h >= Math.max(o, c) && Math.min(o, c) >= l && l > 0))
        throw new Error(`bar ${i} is not OHLC: ${o} ${h} ${l} ${c}`);
      if (![o, h, l, c].every(onGrid))
        throw new Error(`bar ${i} is off the ${tick} grid: ${o} ${h} ${l} ${c}`);
      if (c < range[0]! || c > range[1]!) throw new Error(`bar ${i} at ${c} is outside ${range.join('..')}`);
    }
  });

  it.each(MARKETS)(
    'are one minute apart while %s is open, with nothing from Friday 22:00 to Sunday 22:00 UTC',
    (market) => {
      const { t } = generated[market]!;
      let weekendGaps = 0;
      for (let i = 1; i < t.length; i++) {
        const step = t[i]! - t[i - 1]!;
        if (step === MINUTE) continue;
        // A longer step may only jump over closed minutes.
        for (let time = t[i - 1]! + MINUTE; time < t[i]!; time += MINUTE) {
          if (isSyntheticMarketOpen(market, time))
            throw new Error(`missing open minute ${new Date(time).toISOString()}`);
        }
        if (step >= 2 * DAY) weekendGaps++;
      }
      expect(weekendGaps).toBe(13);
      for (const time of t) {
        const date = new Date(time);
        const weekday = date.getUTCDay();
        const hour = date.getUTCHours();
        const closed = weekday === 6 || (weekday === 0 && hour < 22) || (weekday === 5 && hour >= 22);
        if (closed) throw new Error(`bar at ${date.toISOString()} on a weekend`);
      }
    },
  );

  it.each(MARKETS)('cluster %s volatility: big moves follow big moves', (market) => {
    const { c } = generated[market]!;
    const sizes = new Float64Array(c.length - 1);
    for (let i = 1; i < c.length; i++) sizes[i - 1] = Math.abs(Math.log(c[i]! / c[i - 1]!));
    // Lag-1 and lag-60 autocorrelation of absolute returns: near 0 for a constant volatility.
    expect(autocorrelation(sizes, 1)).toBeGreaterThan(0.1);
    expect(autocorrelation(sizes, 60)).toBeGreaterThan(0.05);
  });

  it('are busier in the New York afternoon than in the Asian night', () => {
    const { t, h, l } = generated.GOLD!;
    const range = [0, 0];
    const count = [0, 0];
    for (let i = 0; i < t.length; i++) {
      const hour = new Date(t[i]!).getUTCHours();
      const slot = hour >= 1 && hour < 5 ? 0 : hour >= 13 && hour < 16 ? 1 : -1;
      if (slot < 0) continue;
      range[slot]! += h[i]! - l[i]!;
      count[slot]!++;
    }
    expect(range[1]! / count[1]!).toBeGreaterThan(1.8 * (range[0]! / count[0]!));
  });
});

function autocorrelation(x: Float64Array, lag: number): number {
  const n = x.length;
  const mean = x.reduce((sum, v) => sum + v, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - mean;
    denominator += d * d;
    if (i + lag < n) numerator += d * (x[i + lag]! - mean);
  }
  return numerator / denominator;
}
