// Bounded work per user (issue 14, point 7): a cap on queued or running jobs per user, paged
// audit logs, and anonymous audit rows that do not pile up for ever.
import { ANALYSIS_MESSAGES, BACKTEST_MESSAGES, requestOf, type LogEntry } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

const single = SINGLE_GOLD_BACKTEST;

async function withGold(testApp: TestApp) {
  testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
  return (await login(testApp, await createUser(testApp))).jwt;
}

const backtest = (testApp: TestApp, token: string) =>
  testApp.call({ ...requestOf(API.backtests.create), token, payload: { config: single } });

const analysis = (testApp: TestApp, token: string) =>
  testApp.call({
    ...requestOf(API.analyses.create),
    token,
    payload: { from: '2024-03-02', to: '2024-03-06', market: 'GOLD' },
  });

describe('jobs per user', () => {
  it('refuses the sixth queued backtest with the message, and takes one again once a job has run', async () => {
    const testApp = await createTestApp();
    const token = await withGold(testApp);
    for (let i = 0; i < 5; i++) expect((await backtest(testApp, token)).status).toBe(200);

    const sixth = await backtest(testApp, token);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ ok: false, error: BACKTEST_MESSAGES.tooManyQueued(5) });

    // Another user is not held back by this one's queue.
    expect((await backtest(testApp, await withGold(testApp))).status).toBe(200);

    expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);
    expect((await backtest(testApp, token)).status).toBe(200);
  });

  it('lets only one of two parallel sixth submissions through', async () => {
    const testApp = await createTestApp();
    const token = await withGold(testApp);
    for (let i = 0; i < 4; i++) expect((await backtest(testApp, token)).status).toBe(200);
    const answers = await Promise.all([
      backtest(testApp, token),
      backtest(testApp, token),
      backtest(testApp, token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429]);
  });

  it('counts analyses the same way, with MAX_JOBS_PER_USER', async () => {
    const testApp = await createTestApp({ maxJobsPerUser: 2 });
    const token = await withGold(testApp);
    const answers = await Promise.all([
      analysis(testApp, token),
      analysis(testApp, token),
      analysis(testApp, token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body).toMatchObject({
      ok: false,
      error: ANALYSIS_MESSAGES.tooManyQueued(2),
    });
  });
});

describe('anonymous audit rows', () => {
  it('are deleted after AUDIT_ANON_DAYS; recent ones and rows of a user are kept', async () => {
    const testApp = await createTestApp({ auditAnonDays: 30 });
    const user = await createUser(testApp);
    const attempt = (username: string) =>
      testApp.call({
        ...requestOf(API.auth.login),
        payload: { username, password: 'wrong-password' },
      });
    await attempt('nobody@example.com');
    await attempt(user.username);
    testApp.clock.advance(31 * 24 * 60 * 60_000);
    await attempt('someone-else@example.com');

    await testApp.app.services.logs.pruneAnonymous();
    const rows = await testApp.database.db.select().from(auditLogs);
    expect(rows.map((row) => row.metadata?.['username']).sort()).toEqual([
      'someone-else@example.com',
      user.username,
    ]);
  });
});

describe('GET /api/common/logs paging', () => {
  it('pages newest first with limit and before, and still answers the whole list without them', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    for (let i = 0; i < 6; i++) {
      await testApp.call({
        ...requestOf(API.auth.login),
        payload: { username: user.username, password: `wrong-${i}` },
      });
    }
    const list = (query?: Record<string, string | number>) =>
      testApp.call<LogEntry[]>({ ...requestOf(API.logs.list, undefined, query), token: session.jwt });

    const all = (await list()).body.data;
    expect(all).toHaveLength(7);
    const first = (await list({ limit: 3 })).body.data;
    const second = (await list({ limit: 3, before: first[2]!._id })).body.data;
    const third = (await list({ limit: 3, before: second[2]!._id })).body.data;
    expect([...first, ...second, ...third].map((entry) => entry._id)).toEqual(all.map((entry) => entry._id));

    const refused = await list({ limit: 5000 });
    expect(refused.status).toBe(400);
    expect(refused.body.ok).toBe(false);
  });
});
