// The live charts' candles: one per bar of the feed (a bar starts with an 'open' price: a minute
// of the market, shorter on the wall clock when the replay runs faster), timed by the wall clock
// in whole seconds; bars that start within the same second share a candle. The last
// CANDLES_KEPT per market are kept, the newest still growing: the overview reads the last
// LIVE_CANDLES_LIMIT of them, an investment's chart (issue 36) the prices its bot traded on.
// A candle is final once the next one starts: it goes to onClosed, which stores it, so the chart
// covers more than the days kept here and survives a restart.
import type { LiveCandle, Market } from '@platform/contracts';
import type { PriceEvent } from '../../protocol/hub-protocol';
import type { LiveCandleSource } from '../../../modules/prices/live-candles';

/** Three days of minutes at real time: a few hundred kilobytes per market. */
export const CANDLES_KEPT = 3 * 24 * 60;

/** Told each candle once it is final; it must return at once (the feed waits for it). */
export type ClosedCandleListener = (market: Market, candle: LiveCandle) => void;

export class CandleBook implements LiveCandleSource {
  private readonly candles = new Map<Market, LiveCandle[]>();

  constructor(private readonly onClosed: ClosedCandleListener = () => {}) {}

  add(event: PriceEvent): void {
    const time = Math.floor(event.time / 1000);
    const list = this.candles.get(event.market) ?? [];
    this.candles.set(event.market, list);
    const last = list[list.length - 1];
    if (!last || (event.kind === 'open' && time > last.time)) {
      if (last) this.onClosed(event.market, { ...last });
      list.push({ time, open: event.price, high: event.price, low: event.price, close: event.price });
      if (list.length > CANDLES_KEPT) list.shift();
      return;
    }
    last.high = Math.max(last.high, event.price);
    last.low = Math.min(last.low, event.price);
    last.close = event.price;
  }

  /** The feed has stopped: each market's growing candle is as final as it will get. */
  closeGrowing(): void {
    for (const [market, list] of this.candles) {
      const last = list[list.length - 1];
      if (last) this.onClosed(market, { ...last });
    }
  }

  recentCandles(market: Market, limit: number): LiveCandle[] {
    return (this.candles.get(market) ?? []).slice(-limit).map((candle) => ({ ...candle }));
  }
}
