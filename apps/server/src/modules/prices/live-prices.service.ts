// The overview's live price charts read the feed's last one-minute candles through the
// LiveCandleSource port. Until a feed is wired (tests, a server without one) the charts get no
// candles and wait quietly instead of failing.
import { LIVE_CANDLES_LIMIT, type LivePrices, type Market } from '@platform/contracts';
import type { LiveCandleSource } from './live-candles';

export class LivePricesService {
  constructor(private readonly source: LiveCandleSource | undefined) {}

  recent(market: Market): LivePrices {
    const candles = this.source?.recentCandles(market, LIVE_CANDLES_LIMIT) ?? [];
    // The contract promises at most the limit, whatever a source hands back.
    return { market, candles: candles.slice(-LIVE_CANDLES_LIMIT) };
  }
}
