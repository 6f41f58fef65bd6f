import { algorithmSchema, type AlgorithmFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateAlgorithm = ({ id, body }: { id: string; body: AlgorithmFormInput }) =>
  apiRequest(`/api/common/edit/algorithms/${id}`, { method: 'PATCH', body, schema: algorithmSchema });

export function useUpdateAlgorithm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlgorithm,
    // Investments show the algorithm's name.
    onSuccess: () =>
      Promise.all([collections.algorithms, collections.investments].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  });
}
