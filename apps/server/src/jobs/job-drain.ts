// Graceful shutdown of a runner: it stops claiming and the job in hand finishes; if the job is
// still running at the deadline (a long sweep, a process manager that kills after some seconds),
// its lease is released: the row goes back to queued, so another runner, or this server once it
// is back, takes it at once instead of after the lease expires, and the interrupted attempt is
// not counted against it. The runner's late result cannot land afterwards: completing and failing
// both require the lease (job-queue.ts, the repositories' complete), which the row no longer names.
import { JOB_STATUS } from '@platform/contracts';
import { queryRows, type Database } from '@platform/db';
import { sql } from 'drizzle-orm';
import { JOB_DEFINITIONS } from './job-definitions';

export interface DrainableRunner {
  /** The lease owner the runner writes into the rows it claims. */
  readonly worker: string;
  /** Stops claiming; resolves when the job in hand is over. */
  stop(): Promise<void>;
}

export interface DrainOptions {
  /** Resolves when the job in hand has had its time. */
  deadline: Promise<void>;
  /** Ends the computation of a released job (the engine threads), so stop() returns. */
  abort: () => Promise<void>;
}

export interface DrainOutcome {
  /** The jobs given back to the queue (their ids); none when the job in hand finished in time. */
  released: string[];
}

/** Gives the rows this worker holds back to the queue; answers their ids. */
export async function releaseLeases(db: Database, worker: string): Promise<string[]> {
  const released: string[] = [];
  for (const { table } of Object.values(JOB_DEFINITIONS)) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
      UPDATE ${table}
      SET is_completed = ${JOB_STATUS.queued}, lease_owner = NULL, lease_expires_at = NULL,
          started_at = NULL, attempts = greatest(attempts - 1, 0)
      WHERE lease_owner = ${worker} AND is_completed = ${JOB_STATUS.running}
      RETURNING id`,
    );
    released.push(...rows.map((row) => row.id));
  }
  return released;
}

export async function drainJobs(
  runner: DrainableRunner,
  db: Database,
  options: DrainOptions,
): Promise<DrainOutcome> {
  const stopped = runner.stop().then(() => 'stopped' as const);
  const first = await Promise.race([stopped, options.deadline.then(() => 'deadline' as const)]);
  if (first === 'stopped') return { released: [] };
  const released = await releaseLeases(db, runner.worker);
  await options.abort();
  await stopped;
  return { released };
}

/** A deadline `ms` from now on the real clock that does not keep the process alive. */
export function deadlineIn(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });
}
