// The prices an investment's chart is drawn on (issue 36, point 2). A bot trades on the server's
// price feed (a replay of the stored bars timed by the wall clock, or the broker's quotes), so the
// moments of its trades are the feed's: the feed's own candles are the prices the bot saw, the
// last days of them in the bot host's memory (bots/host/feed/candle-book.ts), every closed one in
// the database (prices/live-candles.repository.ts), so the chart covers the investment's whole
// life. The stored 1m history serves the part of a period it holds (bars stored for those
// days), before the feed's first candle.
import type { Market } from '@platform/contracts';
import { lowerBound } from '@platform/engine';
import type { LiveCandleSource, StoredLiveCandles } from '../prices/live-candles';
import type { PriceHistory } from '../marketdata/price-history';

/** Bars as columns, t the bar's start (ms), oldest first. */
export interface PriceColumns {
  t: number[];
  o: number[];
  h: number[];
  l: number[];
  c: number[];
}

export interface ChartPrices {
  /** The market's bars starting in [from, to] (ms), oldest first. */
  bars(market: Market, from: number, to: number): Promise<PriceColumns>;
}

const emptyColumns = (): PriceColumns => ({ t: [], o: [], h: [], l: [], c: [] });

/** Every candle the source keeps: it bounds them itself. */
const ALL_KEPT = Number.MAX_SAFE_INTEGER;

export class StoredAndLivePrices implements ChartPrices {
  constructor(
    private readonly history: PriceHistory,
    private readonly live: LiveCandleSource | undefined,
    private readonly archive: StoredLiveCandles,
  ) {}

  async bars(market: Market, from: number, to: number): Promise<PriceColumns> {
    const columns = emptyColumns();
    const push = (t: number, o: number, h: number, l: number, c: number) => {
      columns.t.push(t);
      columns.o.push(o);
      columns.h.push(h);
      columns.l.push(l);
      columns.c.push(c);
    };
    // From the bar under way at `from` (it holds the period's first prices) to the last starting by `to`.
    const kept = this.live?.recentCandles(market, ALL_KEPT) ?? [];
    const after = kept.findIndex((candle) => candle.time * 1000 > from);
    const recent = kept
      .slice(after < 0 ? Math.max(0, kept.length - 1) : Math.max(0, after - 1))
      .filter((candle) => candle.time * 1000 <= to);
    // The feed's stored candles before the first one in memory: a candle in both is the memory's, maybe still growing.
    const recentStart = recent.length > 0 ? (recent[0]?.time ?? 0) * 1000 : to + 1;
    const archived =
      recentStart > from ? await this.archive.between(market, from, Math.min(to, recentStart - 1)) : [];
    const candles = [...archived, ...recent];
    // The stored bars up to the feed's first candle in the period: where both have a bar, the feed's is the one traded on.
    const storedEnd = candles.length > 0 ? (candles[0]?.time ?? 0) * 1000 : to + 1;
    const stored = await this.history.loadBars(market, '1m');
    if (stored) {
      const end = lowerBound(stored.t, Math.min(storedEnd, to + 1));
      const first = lowerBound(stored.t, from);
      const start = first > 0 && stored.t[first] !== from ? first - 1 : first;
      for (let index = start; index < end; index++)
        push(
          stored.t[index] as number,
          stored.o[index] as number,
          stored.h[index] as number,
          stored.l[index] as number,
          stored.c[index] as number,
        );
    }
    for (const candle of candles)
      push(candle.time * 1000, candle.open, candle.high, candle.low, candle.close);
    return columns;
  }
}

/**
 * At most `maxPoints` bars: runs of consecutive bars merged (the first's start and open, the
 * highest high, the lowest low, the last close).
 */
export function mergeBars(bars: PriceColumns, maxPoints: number): PriceColumns {
  const count = bars.t.length;
  const run = Math.max(1, Math.ceil(count / Math.max(1, maxPoints)));
  if (run === 1) return bars;
  const merged = emptyColumns();
  for (let start = 0; start < count; start += run) {
    const end = Math.min(start + run, count);
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let index = start; index < end; index++) {
      high = Math.max(high, bars.h[index] as number);
      low = Math.min(low, bars.l[index] as number);
    }
    merged.t.push(bars.t[start] as number);
    merged.o.push(bars.o[start] as number);
    merged.h.push(high);
    merged.l.push(low);
    merged.c.push(bars.c[end - 1] as number);
  }
  return merged;
}
