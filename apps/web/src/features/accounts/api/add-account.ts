import { accountSchema, type AccountFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addAccount = (body: AccountFormInput) =>
  apiRequest('/api/common/accounts/add', { method: 'POST', body, schema: accountSchema });

export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.accounts.queryKey }),
  });
}
