// A job queued while the runner is looking for work must not wait for the next poll: its claim
// may have run before the job's insert committed.
import { describe, expect, it } from 'vitest';
import type { ClaimedJob, JobQueue } from './job-queue';
import { JobRunner } from './job-runner';

describe('job runner', () => {
  it('looks again at once when a job is queued during a claim that found nothing', async () => {
    let claims = 0;
    let runner: JobRunner | undefined;
    const handled = new Promise<ClaimedJob>((resolve) => {
      const queue = {
        claim: () => {
          claims++;
          if (claims > 1) return Promise.resolve(claims === 2 ? { id: 'job-1', attempts: 1 } : null);
          runner?.notify(); // queued while this claim was running
          return Promise.resolve(null);
        },
        renew: () => Promise.resolve(true),
      } as unknown as JobQueue;
      runner = new JobRunner([{ name: 'backtest', queue, handle: (job) => Promise.resolve(resolve(job)) }], {
        pollMs: 3_600_000,
        logger: { info: () => undefined, error: () => undefined },
      });
    });
    runner?.start();
    expect(await handled).toEqual({ id: 'job-1', attempts: 1 });
    await runner?.stop();
  });
});
