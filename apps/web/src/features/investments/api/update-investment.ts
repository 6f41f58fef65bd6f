import { INVESTMENTS_API, type InvestmentFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateInvestment = ({ id, body }: { id: string; body: InvestmentFormInput }) =>
  callApi(INVESTMENTS_API.edit, { params: { id }, body });

export function useUpdateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvestment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
