import { ANALYSES_API } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

// The row leaves the list when it is refetched.
export const deleteAnalysis = (id: string) => callApi(ANALYSES_API.remove, { params: { id } });

export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.analyses.queryKey }),
  });
}
