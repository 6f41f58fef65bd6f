// The dashboard's collections (product-spec.md section 7, Common calls): one query per
// collection, shared by every view that shows it, so a mutation in one view refreshes the others.
// Each collection can be refreshed alone by invalidating its key.
import {
  accountSchema,
  algorithmSchema,
  analysisSchema,
  backtestSchema,
  instrumentSchema,
  investmentSchema,
  managedUserSchema,
  marketDataSetSchema,
  transactionSchema,
} from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../api-client';
import { LOGS_PAGE_SIZE, logsPageQuery } from './logs-page';

const listQuery = <T>(key: string, path: string, item: z.ZodType<T>) =>
  queryOptions({
    queryKey: ['collection', key] as const,
    queryFn: () => apiRequest(path, { schema: z.array(item) }),
  });

export const collections = {
  investments: listQuery('investments', '/api/common/investments', investmentSchema),
  transactions: listQuery('transactions', '/api/common/transactions', transactionSchema),
  accounts: listQuery('accounts', '/api/common/accounts', accountSchema),
  algorithms: listQuery('algorithms', '/api/common/algorithms', algorithmSchema),
  /** The first page the Logs view shows, not the whole list: the view fetches the others. */
  logs: logsPageQuery(0, LOGS_PAGE_SIZE),
  instruments: listQuery('instruments', '/api/common/instruments', instrumentSchema),
  /** Newest first; rows come without results (GET /api/common/backtest/:id has them). */
  backtests: listQuery('backtests', '/api/common/backtest', backtestSchema),
  analyses: listQuery('analyses', '/api/common/analysis', analysisSchema),
  /** What price data is stored per market and timeframe, for the forms to show. */
  marketdata: listQuery('marketdata', '/api/common/marketdata', marketDataSetSchema),
  /** Admins only. */
  users: listQuery('users', '/api/admin/users', managedUserSchema),
};

export type CollectionName = keyof typeof collections;
