// The dashboard's collections (product-spec.md section 7, Common calls): one query per
// collection, shared by every view that shows it, so a mutation in one view refreshes the others.
// Each collection can be refreshed alone by invalidating its key.
import {
  ACCOUNTS_API,
  ALGORITHMS_API,
  ANALYSES_API,
  BACKTESTS_API,
  INSTRUMENTS_API,
  INVESTMENTS_API,
  MARKETDATA_API,
  TRANSACTIONS_API,
  USERS_API,
  type Endpoint,
} from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod';
import { callApi } from '../api-client';
import { LOGS_PAGE_SIZE, logsPageQuery } from './logs-page';

/** A collection one endpoint answers whole, needing neither parameters nor a body. */
const collectionOf = <T>(
  key: string,
  endpoint: Endpoint & { response: z.ZodType<T[]>; params?: undefined; body?: undefined },
) => queryOptions({ queryKey: ['collection', key] as const, queryFn: () => callApi(endpoint) });

export const collections = {
  investments: collectionOf('investments', INVESTMENTS_API.list),
  transactions: collectionOf('transactions', TRANSACTIONS_API.list),
  accounts: collectionOf('accounts', ACCOUNTS_API.list),
  algorithms: collectionOf('algorithms', ALGORITHMS_API.list),
  /** The first page the Logs view shows, not the whole list: the view fetches the others. */
  logs: logsPageQuery(0, LOGS_PAGE_SIZE),
  instruments: collectionOf('instruments', INSTRUMENTS_API.list),
  /** Newest first; rows come without results (GET /api/common/backtest/:id has them). */
  backtests: collectionOf('backtests', BACKTESTS_API.list),
  analyses: collectionOf('analyses', ANALYSES_API.list),
  /** What price data is stored per market and timeframe, for the forms to show. */
  marketdata: collectionOf('marketdata', MARKETDATA_API.list),
  /** Admins only. */
  users: collectionOf('users', USERS_API.list),
};

export type CollectionName = keyof typeof collections;
