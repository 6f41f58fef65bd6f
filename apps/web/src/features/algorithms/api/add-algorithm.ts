import { algorithmSchema, type AlgorithmFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addAlgorithm = (body: AlgorithmFormInput) =>
  apiRequest('/api/common/algorithms/add', { method: 'POST', body, schema: algorithmSchema });

export function useAddAlgorithm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlgorithm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.algorithms.queryKey }),
  });
}
