// The kinds of jobs: each names its queue table; its handler lives in handlers/ and the registry
// refuses to start a runner for a job without one.
import { analyses, backtests } from '@platform/db';
import type { JobTable } from './job-queue';

export const JOB_DEFINITIONS = {
  backtest: { table: backtests },
  analysis: { table: analyses },
} as const satisfies Record<string, { table: JobTable }>;

export type JobName = keyof typeof JOB_DEFINITIONS;
