import { backtestSchema, type BacktestConfigInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const createBacktest = (config: BacktestConfigInput) =>
  apiRequest('/api/common/backtest', { method: 'POST', body: { config }, schema: backtestSchema });

export function useCreateBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBacktest,
    // The new backtest is queued: the refreshed list has a pending row, which starts the polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.backtests.queryKey }),
  });
}
