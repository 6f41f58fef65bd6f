// A request, not a removal: the user can no longer log in and their positions stay open.
import { managedUserSchema } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const requestUserDeletion = (id: string) =>
  apiRequest(`/api/admin/users/${id}`, { method: 'DELETE', schema: managedUserSchema });

export function useRequestUserDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestUserDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
