import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

// Only the envelope's ok matters: the row leaves the list when it is refetched.
export const deleteAnalysis = (id: string) =>
  apiRequest(`/api/common/analysis/${id}`, { method: 'DELETE', schema: z.unknown() });

export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.analyses.queryKey }),
  });
}
