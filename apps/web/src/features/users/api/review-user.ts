// The status dropdown of the users list; approving a request without a password mails the invitation.
import { USERS_API, type ReviewUser } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const reviewUser = ({ id, status }: { id: string } & ReviewUser) =>
  callApi(USERS_API.review, { params: { id }, body: { status } });

export function useReviewUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collections.users.queryKey }),
  });
}
