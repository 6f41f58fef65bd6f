import { ACCOUNTS_API, type AccountFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addAccount = (body: AccountFormInput) => callApi(ACCOUNTS_API.add, { body });

export function useAddAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.accounts.queryKey }),
  });
}
