// Creating a user also mails them the invitation with the set-password link (server side).
import { USERS_API, type UserFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addUser = (body: UserFormInput) => callApi(USERS_API.add, { body });

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
