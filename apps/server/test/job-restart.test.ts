// Issue 34: a restarted single process resumes its own jobs at once (no 60 s wait). A kill -9
// leaves the job it ran `running` under a lease still valid; the restarted runner takes it back
// before its first claim: on PGlite every such job (one process holds the database), on
// PostgreSQL those leased under its RUNNER_NAME; another runner's lease is still waited out.
import { JOB_STATUS, requestOf, type Backtest } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { backtests } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';

async function queueBacktest(testApp: TestApp): Promise<string> {
  testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
  const { jwt } = await login(testApp, await createUser(testApp));
  const created = await testApp.call<Backtest>({
    ...requestOf(API.backtests.create),
    token: jwt,
    payload: { config: SINGLE_GOLD_BACKTEST },
  });
  expect(created.status).toBe(200);
  return created.body.data._id;
}

/** The row as a kill -9 leaves it: claimed once, its lease good for another 60 s. */
async function leftRunning(testApp: TestApp, id: string, worker: string): Promise<void> {
  await testApp.database.db
    .update(backtests)
    .set({
      isCompleted: JOB_STATUS.running,
      leaseOwner: worker,
      leaseExpiresAt: new Date(Date.now() + 60_000),
      attempts: 1,
      startedAt: new Date(),
    })
    .where(eq(backtests.id, id));
}

const row = async (testApp: TestApp, id: string) => {
  const [found] = await testApp.database.db.select().from(backtests).where(eq(backtests.id, id));
  return found;
};

describe('a restarted runner resumes its own jobs', () => {
  it.runIf(!onPostgres)('on PGlite takes back at once the job its earlier start left running', async () => {
    const before = await createTestApp();
    const id = await queueBacktest(before);
    await leftRunning(before, id, before.app.services.jobRunner.worker);

    const restarted = await createTestApp({ database: before.database });
    restarted.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    expect(await restarted.app.services.jobRunner.runOnce()).toBe(true);
    // The claim the crash interrupted stays counted: a job that keeps killing its runner still gives up.
    expect(await row(restarted, id)).toMatchObject({
      isCompleted: JOB_STATUS.done,
      attempts: 2,
      leaseOwner: null,
    });
  });

  it.runIf(onPostgres)(
    "on PostgreSQL takes back the jobs of its own RUNNER_NAME, not another runner's",
    async () => {
      const before = await createTestApp({ runnerName: 'alpha' });
      const own = await queueBacktest(before);
      const others = await queueBacktest(before);
      const other = await createTestApp({ database: before.database, runnerName: 'beta' });
      await leftRunning(before, own, before.app.services.jobRunner.worker);
      await leftRunning(before, others, other.app.services.jobRunner.worker);

      const restarted = await createTestApp({ database: before.database, runnerName: 'alpha' });
      restarted.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
      expect(restarted.app.services.jobRunner.worker).not.toBe(before.app.services.jobRunner.worker);
      expect(restarted.app.services.alertRunner.worker).toMatch(/^alpha\//);
      expect(await restarted.app.services.jobRunner.runOnce()).toBe(true);
      expect(await restarted.app.services.jobRunner.runOnce()).toBe(false);
      expect(await row(restarted, own)).toMatchObject({
        isCompleted: JOB_STATUS.done,
        attempts: 2,
        leaseOwner: null,
      });
      // beta's job waits for its lease, as any runner's that may still be alive.
      expect(await row(restarted, others)).toMatchObject({
        isCompleted: JOB_STATUS.running,
        leaseOwner: other.app.services.jobRunner.worker,
      });
    },
  );

  it.runIf(onPostgres)('on PostgreSQL without RUNNER_NAME leaves every lease to expire', async () => {
    const before = await createTestApp();
    const id = await queueBacktest(before);
    await leftRunning(before, id, before.app.services.jobRunner.worker);

    const restarted = await createTestApp({ database: before.database });
    expect(await restarted.app.services.jobRunner.runOnce()).toBe(false);
    expect(await row(restarted, id)).toMatchObject({ isCompleted: JOB_STATUS.running, attempts: 1 });
  });

  it('reads RUNNER_NAME, optional, and refuses one that could not end a lease owner', () => {
    const env = { DATA_DIR: '/nonexistent', JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(loadConfig(env).runnerName).toBeUndefined();
    expect(loadConfig({ ...env, RUNNER_NAME: 'worker-1.eu_west' }).runnerName).toBe('worker-1.eu_west');
    const attempt = () => loadConfig({ ...env, RUNNER_NAME: 'host/1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/RUNNER_NAME: fino a 64 tra lettere, cifre, punto, trattino e trattino basso/);
  });
});
