import { USERS_API, type UserFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateUser = ({ id, body }: { id: string; body: UserFormInput }) =>
  callApi(USERS_API.update, { params: { id }, body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Names and the pro flag also show in the account and investment lists (and set the leverage limit).
    onSuccess: () =>
      Promise.all(
        [collections.users, collections.accounts, collections.investments].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
