// Backtests and analyses are jobs with one status code (product-spec.md section 4): 0 queued,
// 1 running, 2 done, anything else failed. Their lists poll while a job can still change.
import { JOB_POLL_MS, JOB_STATUS } from '@platform/contracts';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export function jobState(isCompleted: number): JobState {
  switch (isCompleted) {
    case JOB_STATUS.queued:
      return 'queued';
    case JOB_STATUS.running:
      return 'running';
    case JOB_STATUS.done:
      return 'done';
    default:
      return 'failed';
  }
}

/** Waiting or being worked on: a failed job is finished too, it will not become done. */
export const isJobPending = (isCompleted: number) =>
  isCompleted === JOB_STATUS.queued || isCompleted === JOB_STATUS.running;

/** The 'In queue: N' of the list titles. */
export const queueCount = (jobs: readonly { isCompleted: number }[] | undefined) =>
  (jobs ?? []).filter((job) => isJobPending(job.isCompleted)).length;

/** TanStack Query's refetchInterval: every 5 s while any job is pending, otherwise no polling. */
export const jobPollInterval = (jobs: readonly { isCompleted: number }[] | undefined): number | false =>
  queueCount(jobs) > 0 ? JOB_POLL_MS : false;
