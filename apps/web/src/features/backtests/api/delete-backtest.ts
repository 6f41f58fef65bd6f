import { BACKTESTS_API } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

// The row leaves the list when it is refetched.
export const deleteBacktest = (id: string) => callApi(BACKTESTS_API.remove, { params: { id } });

export function useDeleteBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBacktest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.backtests.queryKey }),
  });
}
