// A request (isRunning 3): the bot stops and the positions stay open; the list hides the row.
import { INVESTMENTS_API } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const requestInvestmentDeletion = (id: string) =>
  callApi(INVESTMENTS_API.requestDeletion, { params: { id } });

export function useRequestInvestmentDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInvestmentDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
