// Issue 34, operations: a server process with the runner role that shuts down drains its jobs
// (job-drain.ts, as main.ts calls it). The runner stops claiming; the job in hand either finishes,
// or, still running at the deadline, is given back to the queue at once, uncounted, for another
// runner, and its late result cannot land. Jobs still queued stay queued: no job is lost or done twice.
import { JOB_STATUS, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { backtests } from '@platform/db';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainJobs } from '../src/jobs/job-drain';
import { registerJobs, type JobHandler } from '../src/jobs/job-registry';
import { JobRunner } from '../src/jobs/job-runner';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

const silent = { info: () => undefined, error: () => undefined };

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets every callback already due run (no timers): what has not settled by then waits on something. */
async function settleDue(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

async function queueBacktests(testApp: TestApp, count: number): Promise<void> {
  testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
  const { jwt } = await login(testApp, await createUser(testApp));
  for (let i = 0; i < count; i++) {
    const created = await testApp.call({
      ...requestOf(API.backtests.create),
      token: jwt,
      payload: { config: SINGLE_GOLD_BACKTEST },
    });
    expect(created.status).toBe(200);
  }
}

const rows = (testApp: TestApp) =>
  testApp.database.db
    .select({
      id: backtests.id,
      state: backtests.isCompleted,
      owner: backtests.leaseOwner,
      attempts: backtests.attempts,
    })
    .from(backtests)
    .orderBy(asc(backtests.createdAt), asc(backtests.id));

/** A runner over the real queues whose backtest handler is the test's; analyses finish at once. */
function runnerWith(testApp: TestApp, backtest: JobHandler): JobRunner {
  return new JobRunner(registerJobs(testApp.database.db, { backtest, analysis: () => Promise.resolve() }), {
    pollMs: 3_600_000,
    logger: silent,
  });
}

describe('draining jobs at shutdown', () => {
  it('lets the running job finish before the runner stops, and leaves the queued ones queued', async () => {
    const testApp = await createTestApp();
    await queueBacktests(testApp, 3);
    const started = deferred<string>();
    const finish = deferred();
    const runner = runnerWith(testApp, async (job, worker) => {
      started.resolve(job.id);
      await finish.promise;
      await testApp.app.services.backtests.complete(job.id, worker, [], false);
    });
    runner.start();
    const running = await started.promise;

    let drainedYet = false;
    const drained = drainJobs(runner, testApp.database.db, {
      deadline: new Promise(() => undefined),
      abort: () => Promise.reject(new Error('not aborted when the job finishes in time')),
    }).finally(() => (drainedYet = true));
    await settleDue();
    expect(drainedYet).toBe(false);

    finish.resolve();
    expect(await drained).toEqual({ released: [] });
    const [first, ...rest] = await rows(testApp);
    expect(first).toMatchObject({ id: running, state: JOB_STATUS.done, owner: null, attempts: 1 });
    expect(rest).toHaveLength(2);
    for (const row of rest) expect(row).toMatchObject({ state: JOB_STATUS.queued, owner: null, attempts: 0 });
  });

  it('gives a job still running at the deadline back to the queue; another runner finishes it exactly once', async () => {
    const testApp = await createTestApp();
    await queueBacktests(testApp, 1);
    const completions: boolean[] = [];
    const started = deferred<string>();
    const computing = deferred();
    const runner = runnerWith(testApp, async (job, worker) => {
      started.resolve(job.id);
      try {
        await computing.promise;
      } finally {
        // The engine had its result just as the threads were stopped: it must not land.
        completions.push(await testApp.app.services.backtests.complete(job.id, worker, [], false));
      }
    });
    runner.start();
    const running = await started.promise;

    const deadline = deferred();
    const drained = drainJobs(runner, testApp.database.db, {
      deadline: deadline.promise,
      abort: () => {
        computing.reject(new Error('engine threads terminated'));
        return Promise.resolve();
      },
    });
    deadline.resolve();
    expect(await drained).toEqual({ released: [running] });
    expect(completions).toEqual([false]);
    // Back in the queue at once (no lease to wait out), the interrupted attempt not counted.
    expect(await rows(testApp)).toEqual([
      { id: running, state: JOB_STATUS.queued, owner: null, attempts: 0 },
    ]);

    const other = runnerWith(testApp, async (job, worker) => {
      completions.push(await testApp.app.services.backtests.complete(job.id, worker, [], false));
    });
    expect(await other.runOnce()).toBe(true);
    expect(await other.runOnce()).toBe(false);
    expect(completions).toEqual([false, true]);
    expect(await rows(testApp)).toEqual([{ id: running, state: JOB_STATUS.done, owner: null, attempts: 1 }]);
  });
});
