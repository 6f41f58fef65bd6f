import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

// Only the envelope's ok matters: the row leaves the list when it is refetched.
export const deleteBacktest = (id: string) =>
  apiRequest(`/api/common/backtest/${id}`, { method: 'DELETE', schema: z.unknown() });

export function useDeleteBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBacktest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.backtests.queryKey }),
  });
}
