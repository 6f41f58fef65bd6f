import { BACKTESTS_API, type BacktestConfigInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const createBacktest = (config: BacktestConfigInput) =>
  callApi(BACKTESTS_API.create, { body: { config } });

export function useCreateBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBacktest,
    // The new backtest is queued: the refreshed list has a pending row, which starts the polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.backtests.queryKey }),
  });
}
