import { ALGORITHMS_API, type AlgorithmFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const addAlgorithm = (body: AlgorithmFormInput) => callApi(ALGORITHMS_API.add, { body });

export function useAddAlgorithm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlgorithm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.algorithms.queryKey }),
  });
}
