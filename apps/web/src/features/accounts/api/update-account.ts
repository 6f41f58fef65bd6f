// Credentials left out of the body (the form was not unlocked) stay as they are on the server.
import { ACCOUNTS_API, type AccountFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateAccount = ({ id, body }: { id: string; body: AccountFormInput }) =>
  callApi(ACCOUNTS_API.edit, { params: { id }, body });

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    // Investments show the account id and its owner.
    onSuccess: () =>
      Promise.all(
        [collections.accounts, collections.investments].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
