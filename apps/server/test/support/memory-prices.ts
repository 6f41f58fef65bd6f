// Stored prices for tests, held in memory: what the bar store answers, without files.
import type { Market, Timeframe } from '@platform/contracts';
import type { Bars } from '@platform/engine';
import type { MarketCoverage, PriceHistory } from '../../src/modules/marketdata/price-history';

export class MemoryPrices implements PriceHistory, MarketCoverage {
  private readonly sets = new Map<string, Bars>();

  set(market: Market, timeframe: Timeframe, bars: Bars): void {
    this.sets.set(`${market}-${timeframe}`, bars);
  }

  loadBars(market: Market, timeframe: Timeframe): Promise<Bars | null> {
    return Promise.resolve(this.sets.get(`${market}-${timeframe}`) ?? null);
  }

  coverage(market: Market, timeframe: Timeframe): Promise<{ first: string; last: string } | null> {
    const bars = this.sets.get(`${market}-${timeframe}`);
    if (!bars || bars.t.length === 0) return Promise.resolve(null);
    return Promise.resolve({
      first: new Date(bars.t[0] as number).toISOString(),
      last: new Date(bars.t[bars.t.length - 1] as number).toISOString(),
    });
  }
}

/** A calm, oscillating GOLD-like series of 1m bars from a start day, every minute, for a number of days. */
export function oscillatingBars(startDay: string, days: number, base = 2000, amplitude = 15): Bars {
  const count = days * 1440;
  const bars: Bars = {
    t: new Float64Array(count),
    o: new Float64Array(count),
    h: new Float64Array(count),
    l: new Float64Array(count),
    c: new Float64Array(count),
  };
  const start = Date.parse(`${startDay}T00:00:00Z`);
  let previous = base;
  for (let index = 0; index < count; index++) {
    const close = Math.round((base + amplitude * Math.sin(index / 90) + 3 * Math.sin(index / 7)) * 100) / 100;
    bars.t[index] = start + index * 60_000;
    bars.o[index] = previous;
    bars.c[index] = close;
    bars.h[index] = Math.max(previous, close) + 0.2;
    bars.l[index] = Math.min(previous, close) - 0.2;
    previous = close;
  }
  return bars;
}
