// Creating a user also mails them the invitation with the set-password link (server side).
import { managedUserSchema, type UserFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addUser = (body: UserFormInput) =>
  apiRequest('/api/admin/users/add', { method: 'POST', body, schema: managedUserSchema });

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
