// The backtests' and the analyses' lists: asked again every 5 s while one of their jobs is queued
// or running (product-spec.md section 4), not at all once every job is finished.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { jobPollInterval } from './job-status';

export function useJobList<Job extends { isCompleted: number }, Key extends QueryKey>(
  collection: UseQueryOptions<Job[], Error, Job[], Key>,
) {
  return useQuery({ ...collection, refetchInterval: (query) => jobPollInterval(query.state.data) });
}
