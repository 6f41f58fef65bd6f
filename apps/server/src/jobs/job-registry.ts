// Pairs each job definition with its handler and its queue.
import type { Database } from '@platform/db';
import { JOB_DEFINITIONS, type JobName } from './job-definitions';
import { JobQueue, type ClaimedJob, type JobTable } from './job-queue';

/** Computes one claimed job and stores its result; throws to fail it. */
export type JobHandler = (job: ClaimedJob, worker: string) => Promise<void>;

export interface RegisteredJob {
  name: JobName;
  queue: JobQueue;
  handle: JobHandler;
}

export function registerJobs<Name extends JobName>(
  db: Database,
  handlers: Partial<Record<Name, JobHandler>>,
  definitions: Record<Name, { table: JobTable }> = JOB_DEFINITIONS as Record<Name, { table: JobTable }>,
): RegisteredJob[] {
  return (Object.keys(definitions) as Name[]).map((name) => {
    const handle = handlers[name];
    if (!handle) throw new Error(`job "${name}" has no handler: the runner cannot start`);
    return { name, queue: new JobQueue(db, definitions[name].table), handle };
  });
}
