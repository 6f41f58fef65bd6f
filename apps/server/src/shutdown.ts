// What a server process (main.ts) does when told to stop, whatever its roles: the signals it
// stops on, and the job runner's drain.
import type { Database } from '@platform/db';
import type { pino } from 'pino';
import { deadlineIn, drainJobs } from './jobs/job-drain';
import type { Services } from './services';

/** Runs stop on SIGINT (a Ctrl-C) and SIGTERM (a process manager's stop). */
export function onStopSignals(stop: (signal: string) => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
}

/**
 * Stops the job runner: the job in hand finishes, or at timeoutMs (SHUTDOWN_TIMEOUT_MS) goes back
 * to the queue (job-drain.ts), and the jobs given back are logged. Never fails: when the database
 * went first, the job's lease expires and another runner takes it.
 */
export async function drainJobsAtShutdown(
  services: Pick<Services, 'jobRunner' | 'executor'>,
  db: Database,
  timeoutMs: number,
  logger: pino.Logger,
): Promise<void> {
  const drained = await drainJobs(services.jobRunner, db, {
    deadline: deadlineIn(timeoutMs),
    abort: () => services.executor.close(),
  }).catch((error: unknown) => {
    logger.error({ err: error }, 'jobs not drained');
    return { released: [] };
  });
  if (drained.released.length > 0)
    logger.warn({ jobs: drained.released }, 'jobs still running at shutdown given back to the queue');
}
