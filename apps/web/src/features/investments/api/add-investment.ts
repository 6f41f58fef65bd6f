import { INVESTMENTS_API, type InvestmentFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addInvestment = (body: InvestmentFormInput) => callApi(INVESTMENTS_API.add, { body });

export function useAddInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInvestment,
    // The overview's totals read the same collection.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
