import { ANALYSES_API, type createAnalysisSchema } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';

export type NewAnalysis = z.output<typeof createAnalysisSchema>;

export const createAnalysis = (body: NewAnalysis) => callApi(ANALYSES_API.create, { body });

export function useCreateAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnalysis,
    // The new analysis is queued: the refreshed list has a pending row, which starts the polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.analyses.queryKey }),
  });
}
