// One backtest with its result rows: the list leaves them out (a range has 1,323), so the
// results screen asks for them when it opens. A finished backtest never changes, so once loaded
// the rows stay fresh.
import { BACKTESTS_API } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getBacktest = (id: string) => callApi(BACKTESTS_API.get, { params: { id } });

export const backtestQuery = (id: string) =>
  queryOptions({
    queryKey: ['backtest', id] as const,
    queryFn: () => getBacktest(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useBacktest = (id: string) => useQuery(backtestQuery(id));
