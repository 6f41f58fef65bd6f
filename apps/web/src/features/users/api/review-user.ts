// The status dropdown of the users list; approving a request without a password mails the invitation.
import { managedUserSchema, type ReviewUser } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const reviewUser = ({ id, status }: { id: string } & ReviewUser) =>
  apiRequest(`/api/admin/users/review/${id}`, { method: 'PATCH', body: { status }, schema: managedUserSchema });

export function useReviewUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
