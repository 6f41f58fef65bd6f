// The ports between the price feed and the charts: the feed keeps the last candles of each market
// in memory (the overview's live charts read them), and every closed candle is stored (an
// investment's chart reads those of its whole life, issue 36).
import type { LiveCandle, Market } from '@platform/contracts';

export interface LiveCandleSource {
  /** The last `limit` one-minute candles of the market, oldest first (empty before the first price). */
  recentCandles(market: Market, limit: number): LiveCandle[];
}

export interface StoredLiveCandles {
  /** The stored candles from the one under way at `from` to the last starting by `to` (ms), oldest first. */
  between(market: Market, from: number, to: number): Promise<LiveCandle[]>;
}
