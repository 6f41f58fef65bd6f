// Backtests and analyses as jobs: created queued, claimed by a runner, computed, stored; a
// crashed runner's job is claimed again once its lease expires.
import {
  BACKTEST_MESSAGES,
  ANALYSIS_MESSAGES,
  requestOf,
  type Analysis,
  type Backtest,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { backtests } from '@platform/db';
import { analyseMarket, fallbackFx, runGrid } from '@platform/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { barsInPeriod } from '../src/modules/marketdata/price-history';
import { JobQueue } from '../src/jobs/job-queue';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

const GOLD = { point: 0.1, contractSize: 100, spreadPoints: 3 };

const single = SINGLE_GOLD_BACKTEST;

async function withGold(testApp: TestApp) {
  testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
  const user = await createUser(testApp);
  return { user, token: (await login(testApp, user)).jwt };
}

const create = (testApp: TestApp, token: string, config: object) =>
  testApp.call<Backtest>({ ...requestOf(API.backtests.create), token, payload: { config } });

describe('backtest jobs', () => {
  it('queues a single backtest, runs it with the defaults, and stores what the engine computes', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const created = await create(testApp, token, single);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      isCompleted: 0,
      type: 'single',
      from: '2024-03-04',
      to: '2024-03-05',
      dynamic: false,
      close: true,
    });

    expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);
    const done = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id: created.body.data._id }),
      token,
    });
    expect(done.body.data.isCompleted).toBe(2);
    expect(done.body.data.fxFallback).toBe(true);

    const bars = barsInPeriod((await testApp.prices.loadBars('GOLD', '1m'))!, '2024-03-04', '2024-03-05');
    const expected = runGrid(
      bars,
      {
        size: 1,
        addizionale: 0.5,
        multiplier: 1,
        mediazione: 30,
        target: 50,
        worst: 300,
        safeWorst: 400,
        capital: 10_000,
        leverage: 20,
        dynamic: false,
        close: true,
      },
      GOLD,
      fallbackFx(),
    );
    // The row as the engine reports it, its time under water in days; a single holds nothing back.
    const { timeUnderWater, ...figures } = expected;
    expect(done.body.data.results).toEqual([
      { ...figures, timeUnderWaterDays: timeUnderWater / 86_400_000, heldBack: null },
    ]);
    expect(done.body.data).toMatchObject({ holdOut: 0, heldBackFrom: null });
    expect(expected.trades).toBeGreaterThan(0);

    const list = await testApp.call<Backtest[]>({ ...requestOf(API.backtests.list), token });
    expect(list.body.data[0]).toMatchObject({ isCompleted: 2, resultCount: 1, results: [] });
  });

  it('stores a run whose lots leave the exact range flagged, stopped where it left it', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    // 1e8 lots an entry: the grid's lots times its price pass 2^53 at the first cycle.
    const created = await create(testApp, token, { ...single, size: 1e8, addizionale: 1e8 });
    expect(created.status).toBe(200);
    await testApp.app.services.jobRunner.runOnce();
    const done = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id: created.body.data._id }),
      token,
    });
    const bars = barsInPeriod((await testApp.prices.loadBars('GOLD', '1m'))!, '2024-03-04', '2024-03-05');
    expect(done.body.data.results).toMatchObject([
      { overflow: true, overflowAt: bars.t[0], trades: 0, profit: 0, openPnl: 0, size: 1e8 },
    ]);
  });

  it('runs a range backtest over the default GOLD sweep: 1,323 rows in nested order', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const [algorithm] = (await testApp.call<{ _id: string }[]>({ ...requestOf(API.algorithms.list), token }))
      .body.data;
    const admin = await createUser(testApp, { role: 'admin' });
    const adminToken = (await login(testApp, admin)).jwt;
    const grid =
      algorithm ??
      (
        await testApp.call<{ _id: string }>({
          ...requestOf(API.algorithms.add),
          token: adminToken,
          payload: { name: 'Grid', description: 'Griglia', minCapital: 100 },
        })
      ).body.data;
    const created = await create(testApp, token, {
      type: 'range',
      capital: 10_000,
      accountType: 'pro',
      leverage: 100,
      from: '2024-03-04',
      to: '2024-03-04',
      market: 'GOLD',
      worst: 300,
      safeWorst: 400,
      algorithm: grid._id,
      dynamic: true,
      close: false,
    });
    expect(created.body.data).toMatchObject({
      type: 'range',
      algorithm: { _id: grid._id },
      dynamic: true,
      close: false,
    });
    await testApp.app.services.jobRunner.runOnce();
    const done = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id: created.body.data._id }),
      token,
    });
    expect(done.body.data.isCompleted).toBe(2);
    expect(done.body.data.results).toHaveLength(1323);
    expect(
      done.body.data.results
        .slice(0, 2)
        .map((row) => [row.size, row.addizionale, row.mediazione, row.target]),
    ).toEqual([
      [0.01, 0.005, 10, 10],
      [0.01, 0.005, 10, 20],
    ]);
  });

  it('refuses a period without data and bad fields with the spec messages', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const cases: [object, string][] = [
      [{ from: '2025-01-01', to: '2025-01-02' }, BACKTEST_MESSAGES.noData],
      [{ capital: 0 }, BACKTEST_MESSAGES.capitalPositive],
      [{ worst: -1 }, BACKTEST_MESSAGES.worstPositive],
      [{ target: 0 }, BACKTEST_MESSAGES.targetPositive],
      [{ from: '2008-11-25' }, 'Le date devono essere comprese tra 2008-11-26 e 2025-07-02.'],
      [{ from: '2024-03-06', to: '2024-03-05' }, 'La data di inizio deve precedere quella di fine.'],
      [{ leverage: 21 }, 'Leva oltre il massimo consentito per il tipo di conto.'],
    ];
    for (const [override, message] of cases) {
      const answer = await create(testApp, token, { ...single, ...override });
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    const noAlgorithm = await create(testApp, token, {
      ...single,
      type: 'range',
      dynamic: false,
      close: true,
    });
    expect(noAlgorithm.body.error).toBe(BACKTEST_MESSAGES.algorithmRequired);
    expect(await testApp.database.db.select().from(backtests)).toHaveLength(0);
  });

  it('keeps backtests to their owner; admins see all', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const created = await create(testApp, token, single);
    const otherToken = (await login(testApp, await createUser(testApp, { role: 'sales' }))).jwt;
    const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
    expect(
      (await testApp.call<Backtest[]>({ ...requestOf(API.backtests.list), token: otherToken })).body.data,
    ).toEqual([]);
    expect(
      (
        await testApp.call({
          ...requestOf(API.backtests.get, { id: created.body.data._id }),
          token: otherToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await testApp.call({
          ...requestOf(API.backtests.remove, { id: created.body.data._id }),
          token: otherToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (await testApp.call<Backtest[]>({ ...requestOf(API.backtests.list), token: adminToken })).body.data,
    ).toHaveLength(1);
    expect(
      (await testApp.call({ ...requestOf(API.backtests.remove, { id: created.body.data._id }), token })).body
        .ok,
    ).toBe(true);
    expect(await testApp.database.db.select().from(backtests)).toHaveLength(0);
  });

  it('runs again the job of a runner that died, once its lease has expired', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    // The app's runner is up (on PGlite it took back what an earlier start left running: nothing)
    // before the other runner claims; job-restart.test.ts has the restart.
    expect(await testApp.app.services.jobRunner.runOnce()).toBe(false);
    const created = await create(testApp, token, single);
    const queue = new JobQueue(testApp.database.db, backtests);

    // A runner claims the job and dies without finishing or renewing.
    expect(await queue.claim('dead-runner', 300)).toMatchObject({ id: created.body.data._id, attempts: 1 });
    expect(await testApp.app.services.jobRunner.runOnce()).toBe(false);
    const running = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id: created.body.data._id }),
      token,
    });
    expect(running.body.data.isCompleted).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);
    const [row] = await testApp.database.db
      .select()
      .from(backtests)
      .where(eq(backtests.id, created.body.data._id));
    expect(row).toMatchObject({ isCompleted: 2, attempts: 2, leaseOwner: null });
    // The dead runner cannot overwrite what the live one stored.
    expect(await queue.renew(created.body.data._id, 'dead-runner', 300)).toBe(false);
  });

  it('gives up on a job that keeps killing its runners, and fails a job whose data went away', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const poisoned = await create(testApp, token, single);
    await testApp.database.db
      .update(backtests)
      .set({ attempts: 3 })
      .where(eq(backtests.id, poisoned.body.data._id));
    await testApp.app.services.jobRunner.runOnce();
    const [gaveUp] = await testApp.database.db
      .select()
      .from(backtests)
      .where(eq(backtests.id, poisoned.body.data._id));
    expect(gaveUp).toMatchObject({
      isCompleted: 3,
      error: 'Elaborazione interrotta più volte: il job è stato annullato.',
    });

    const orphan = await create(testApp, token, single);
    testApp.prices.set('GOLD', '1m', oscillatingBars('2020-01-01', 1));
    await testApp.app.services.jobRunner.runOnce();
    const failed = await testApp.call<Backtest>({
      ...requestOf(API.backtests.get, { id: orphan.body.data._id }),
      token,
    });
    expect(failed.body.data).toMatchObject({ isCompleted: 3, error: BACKTEST_MESSAGES.noData });
  });
});

describe('analysis jobs', () => {
  it('queues an analysis and stores the market analysis of the period', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const created = await testApp.call<Analysis>({
      ...requestOf(API.analyses.create),
      token,
      payload: { from: '2024-03-02', to: '2024-03-06', market: 'GOLD' },
    });
    expect(created.body.data).toMatchObject({ isCompleted: 0, results: null, market: 'GOLD' });
    await testApp.app.services.jobRunner.runOnce();
    const [analysis] = (await testApp.call<Analysis[]>({ ...requestOf(API.analyses.list), token })).body.data;
    expect(analysis?.isCompleted).toBe(2);
    const bars = barsInPeriod((await testApp.prices.loadBars('GOLD', '1m'))!, '2024-03-02', '2024-03-06');
    expect(analysis?.results).toEqual(JSON.parse(JSON.stringify(analyseMarket(bars, 0.1, 30))));
    expect(analysis?.results?.volatility.mean).toBeGreaterThan(0);
  });

  it('refuses missing dates and a period without data', async () => {
    const testApp = await createTestApp();
    const { token } = await withGold(testApp);
    const noDate = await testApp.call({
      ...requestOf(API.analyses.create),
      token,
      payload: { from: '', to: '2024-03-06' },
    });
    expect(noDate.body.error).toBe('Seleziona entrambe le date');
    const noData = await testApp.call({
      ...requestOf(API.analyses.create),
      token,
      payload: { from: '2024-03-02', to: '2024-03-06', market: 'NASDAQ' },
    });
    expect(noData.body.error).toBe(ANALYSIS_MESSAGES.noData);
  });
});
