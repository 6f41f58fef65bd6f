import { investmentSchema, type InvestmentFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addInvestment = (body: InvestmentFormInput) =>
  apiRequest('/api/common/investments/add', { method: 'POST', body, schema: investmentSchema });

export function useAddInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInvestment,
    // The overview's totals read the same collection.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
