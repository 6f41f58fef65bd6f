// Refused (409) while live investments use the account; the server's message says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNTS_API } from '@platform/contracts';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const deleteAccount = (id: string) => callApi(ACCOUNTS_API.remove, { params: { id } });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.accounts.queryKey }),
  });
}
