// The port between the price feed and the overview's live charts: the feed keeps the last
// candles of each market, the prices route reads them.
import type { LiveCandle, Market } from '@platform/contracts';

export interface LiveCandleSource {
  /** The last `limit` one-minute candles of the market, oldest first (empty before the first price). */
  recentCandles(market: Market, limit: number): LiveCandle[];
}
