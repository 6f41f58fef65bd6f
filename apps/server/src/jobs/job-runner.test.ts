// A job queued while the runner is looking for work must not wait for the next poll: its claim
// may have run before the job's insert committed. A runner whose lease another took says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says once, and counts, that it lost the lease of the job it works on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const errors: string[] = [];
    let finish: () => void = () => undefined;
    const queue = {
      claim: vi.fn().mockResolvedValueOnce({ id: 'job-1', attempts: 1 }).mockResolvedValue(null),
      // Another runner took the job (its lease expired while this one was stalled).
      renew: () => Promise.resolve(false),
      takeBack: () => Promise.resolve([]),
    } as unknown as JobQueue;
    const runner = new JobRunner(
      [{ name: 'backtest', queue, handle: () => new Promise<void>((resolve) => (finish = resolve)) }],
      {
        leaseMs: 3000,
        pollMs: 3_600_000,
        logger: { info: () => undefined, error: (_fields, message) => errors.push(message) },
      },
    );
    const ran = runner.runOnce();
    await vi.advanceTimersByTimeAsync(3000);
    expect(runner.leasesLost).toBe(1);
    expect(errors).toEqual([
      'job lease lost: another runner has the job, or it was deleted; its result is not written',
    ]);
    finish();
    expect(await ran).toBe(true);
  });
});
