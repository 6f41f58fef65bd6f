// GET /api/common/live-prices/:market: the overview's live price charts (product-spec.md
// section 'Overview': XAUUSD and NASDAQ, live). The server's price feed (a replay of the stored
// 1m bars, or the broker's quote stream) builds a candle per bar of the market; the newest is
// still growing. A replay faster than real time plays a bar in less than a minute of wall time.
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';

export const livePricesParamsSchema = z.object({ market: marketSchema });

export const liveCandleSchema = z.object({
  /** When the candle's bar started here, in whole seconds since the epoch (lightweight-charts' UTCTimestamp). */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type LiveCandle = z.infer<typeof liveCandleSchema>;

export const livePricesSchema = z.object({
  market: marketSchema,
  /** Oldest first; the last one is the minute in progress. Empty while the feed has no prices yet. */
  candles: z.array(liveCandleSchema),
});
export type LivePrices = z.infer<typeof livePricesSchema>;

/** How many candles an answer carries at most. */
export const LIVE_CANDLES_LIMIT = 120;
/** How often the overview asks again, in ms. */
export const LIVE_PRICES_REFRESH_MS = 1000;

export const LIVE_PRICES_API = {
  recent: endpoint({
    method: 'GET',
    path: '/api/common/live-prices/:market',
    access: 'signed-in',
    summary: "A market's recent one-minute candles from the server's price feed, the newest still growing.",
    params: livePricesParamsSchema,
    response: livePricesSchema,
  }),
};
