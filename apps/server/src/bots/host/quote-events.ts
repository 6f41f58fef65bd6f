// A broker's quotes as the grid's price events: the first quote of a new minute opens a bar
// (a cycle may start there, as at a bar's open in a backtest); the others are jumps, since a
// quote stream says where the price is, not the path it took (a level fills at the quote).
import type { Market } from '@platform/contracts';
import type { Quote } from '../brokers/broker';
import type { PriceEvent } from '../protocol/hub-protocol';

export function quoteEvents(market: Market, now: () => number = Date.now): (quote: Quote) => PriceEvent {
  let minute = Number.NaN;
  return (quote) => {
    const quoteMinute = Math.floor(quote.time / 60_000);
    const kind = quoteMinute !== minute ? 'open' : 'jump';
    minute = quoteMinute;
    return { market, kind, price: quote.bid, time: now(), sourceTime: quote.time };
  };
}
