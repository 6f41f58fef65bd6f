import { LOGS_MESSAGES, requestOf, type LogEntry, type LogsCount } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

describe('GET /api/common/logs', () => {
  it('shows admins every row and others only their own, newest first', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin', firstname: 'Ada' });
    const user = await createUser(testApp, { firstname: 'Ugo' });
    const userSession = await login(testApp, user);
    testApp.clock.advance(1000);
    const adminSession = await login(testApp, admin);
    await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: 'wrong-password' },
    });

    const mine = await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list), token: userSession.jwt });
    expect(mine.body.data.map((entry) => entry.action)).toEqual(['LOGIN_FAILED', 'LOGIN_SUCCESS']);
    expect(mine.body.data.every((entry) => entry.user?._id === user.id)).toBe(true);

    const all = await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list), token: adminSession.jwt });
    // Besides the user's two rows, the admin's own: its login and the 2FA setup its role must make.
    expect(all.body.data.filter((entry) => entry.user?._id !== admin.id)).toHaveLength(2);
    const times = all.body.data.map((entry) => Date.parse(entry.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The admin's rows share the test clock's instant, so their order among themselves is the ids'.
    expect(
      all.body.data.find((entry) => entry.user?._id === admin.id && entry.action === 'LOGIN_SUCCESS'),
    ).toMatchObject({
      user: { firstname: 'Ada' },
      ipAddress: '127.0.0.1',
    });
  });

  it('is closed to visitors', async () => {
    const testApp = await createTestApp();
    const answer = await testApp.call({ ...requestOf(API.logs.list) });
    expect(answer.status).toBe(401);
    expect(answer.body.ok).toBe(false);
  });
});

describe('GET /api/common/logs/count and offset pages', () => {
  /** A user with a login and three failed ones: four rows of their own, newest first. */
  async function userWithFourRows(testApp: TestApp, role: 'user' | 'sales' = 'user') {
    const user = await createUser(testApp, { role });
    const session = await login(testApp, user);
    for (let i = 0; i < 3; i++) {
      await testApp.call({
        ...requestOf(API.auth.login),
        payload: { username: user.username, password: `wrong-${i}` },
      });
    }
    return { user, jwt: session.jwt };
  }
  const list = (testApp: TestApp, token: string, query?: Record<string, string | number>) =>
    testApp.call<LogEntry[]>({ ...requestOf(API.logs.list, undefined, query), token });
  const count = (testApp: TestApp, token: string) =>
    testApp.call<LogsCount>({ ...requestOf(API.logs.count), token });

  it('counts the rows of the whole list each role sees: their own, or every row for admins', async () => {
    const testApp = await createTestApp();
    const user = await userWithFourRows(testApp);
    const sales = await userWithFourRows(testApp, 'sales');
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));

    for (const token of [user.jwt, sales.jwt, admin.jwt]) {
      const answer = await count(testApp, token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.total).toBe((await list(testApp, token)).body.data.length);
    }
    expect((await count(testApp, user.jwt)).body.data.total).toBe(4);
    expect((await count(testApp, sales.jwt)).body.data.total).toBe(4);
    expect((await count(testApp, admin.jwt)).body.data.total).toBeGreaterThan(8);
  });

  it("answers any page with limit and offset, only of the caller's rows", async () => {
    const testApp = await createTestApp();
    const other = await userWithFourRows(testApp);
    const { jwt } = await userWithFourRows(testApp);
    const all = (await list(testApp, jwt)).body.data.map((entry) => entry._id);
    expect(all).toHaveLength(4);

    const pages = [];
    for (const offset of [0, 3]) pages.push(...(await list(testApp, jwt, { limit: 3, offset })).body.data);
    expect(pages.map((entry) => entry._id)).toEqual(all);
    expect((await list(testApp, jwt, { limit: 3, offset: 40 })).body.data).toEqual([]);
    // With a cursor too: the offset counts among the rows older than it.
    expect(
      (await list(testApp, jwt, { limit: 1, offset: 1, before: all[0]! })).body.data.map(
        (entry) => entry._id,
      ),
    ).toEqual([all[2]]);

    const othersRows = new Set((await list(testApp, other.jwt)).body.data.map((entry) => entry._id));
    expect(pages.some((entry) => othersRows.has(entry._id))).toBe(false);
  });

  it('refuses an offset that is not a whole number of at least 0 with the envelope', async () => {
    const testApp = await createTestApp();
    const { jwt } = await userWithFourRows(testApp);
    for (const offset of ['-1', '1.5', 'abc']) {
      const refused = await list(testApp, jwt, { limit: 3, offset });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, error: LOGS_MESSAGES.badOffset });
    }
  });

  it('counts for signed-in callers only', async () => {
    const testApp = await createTestApp();
    const answer = await testApp.call({ ...requestOf(API.logs.count) });
    expect(answer.status).toBe(401);
    expect(answer.body.ok).toBe(false);
  });
});
