import { ALGORITHMS_API, type AlgorithmFormInput } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export const updateAlgorithm = ({ id, body }: { id: string; body: AlgorithmFormInput }) =>
  callApi(ALGORITHMS_API.edit, { params: { id }, body });

export function useUpdateAlgorithm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlgorithm,
    // Investments show the algorithm's name.
    onSuccess: () =>
      Promise.all(
        [collections.algorithms, collections.investments].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
