// The recent one-minute candles of a market for the overview's live charts, asked again every
// LIVE_PRICES_REFRESH_MS while the overview is open (and the tab visible). A failed poll is not
// retried: the next one comes within a second, and the chart keeps the candles it has.
import { LIVE_PRICES_API, LIVE_PRICES_REFRESH_MS, type Market } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getLivePrices = (market: Market) => callApi(LIVE_PRICES_API.recent, { params: { market } });

export const livePricesQuery = (market: Market) =>
  queryOptions({
    queryKey: ['live-prices', market] as const,
    queryFn: () => getLivePrices(market),
    refetchInterval: LIVE_PRICES_REFRESH_MS,
    retry: false,
  });

export const useLivePrices = (market: Market) => useQuery(livePricesQuery(market));
