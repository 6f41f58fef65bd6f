// A request (isRunning 3): the bot stops and the positions stay open; the list hides the row.
import { investmentSchema } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const requestInvestmentDeletion = (id: string) =>
  apiRequest(`/api/common/investments/delete/${id}`, { method: 'PATCH', schema: investmentSchema });

export function useRequestInvestmentDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInvestmentDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
