import { investmentSchema, type InvestmentFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateInvestment = ({ id, body }: { id: string; body: InvestmentFormInput }) =>
  apiRequest(`/api/common/investments/edit/${id}`, { method: 'PATCH', body, schema: investmentSchema });

export function useUpdateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvestment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
