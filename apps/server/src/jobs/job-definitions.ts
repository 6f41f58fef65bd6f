// The kinds of jobs: each names its queue table; its handler lives in handlers/ and the registry
// refuses to start a runner for a job without one.
import { alertDeliveries, analyses, backtests } from '@platform/db';
import type { JobTable } from './job-queue';

export const JOB_DEFINITIONS = {
  backtest: { table: backtests },
  analysis: { table: analyses },
} as const satisfies Record<string, { table: JobTable }>;

/**
 * Alert deliveries (e-mail, webhook) have a runner of their own: a webhook that hangs until its
 * timeout never holds a backtest back, and a long sweep never holds an alert.
 */
export const ALERT_JOB_DEFINITIONS = {
  'alert-delivery': { table: alertDeliveries },
} as const satisfies Record<string, { table: JobTable }>;

export type JobName = keyof typeof JOB_DEFINITIONS | keyof typeof ALERT_JOB_DEFINITIONS;
