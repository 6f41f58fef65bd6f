// A request, not a removal: the user can no longer log in and their positions stay open.
import { USERS_API } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const requestUserDeletion = (id: string) => callApi(USERS_API.requestDeletion, { params: { id } });

export function useRequestUserDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestUserDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
