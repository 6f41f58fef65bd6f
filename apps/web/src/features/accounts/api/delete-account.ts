// Refused (409) while live investments use the account; the server's message says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const deleteAccount = (id: string) => apiRequest(`/api/common/accounts/delete/${id}`, { method: 'DELETE', schema: z.null() });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.accounts.queryKey }),
  });
}
