// Issue 14, every wrong answer an envelope: what the router refuses before any route runs, the
// race of two adds of the same broker account, and a database failure whose log keeps its values out.
import { ACCOUNT_MESSAGES, HTTP_MESSAGES, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { accounts, auditLogs } from '@platform/db';
import { eq, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

function expectEnvelope(
  label: string,
  response: { statusCode: number; body: string },
  status: number,
  message: string,
) {
  expect(response.statusCode, label).toBe(status);
  expect(JSON.parse(response.body), label).toEqual({ ok: false, error: message });
}

/** A logger whose JSON lines land in the returned array. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const newAccount = {
  accountId: 'CAP-2002',
  isDemo: false,
  username: 'trader.two',
  password: 'broker-secret-2',
  apikey: 'key-456',
};

describe('error envelopes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers a 5,000-character path parameter with a 414 envelope on every route that takes one', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
    const routes = testApp.app.apiRoutes.filter((route) => route.url.includes('/:'));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const longId = 'x'.repeat(5000);
    for (const route of routes) {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const url = route.url.replace(/:[A-Za-z]+/g, longId);
        const response = await testApp.app.inject({ method: route.method as 'GET', url, headers });
        expectEnvelope(`${route.method} ${route.url}`, response, 414, HTTP_MESSAGES.urlTooLong);
      }
    }
  });

  it('answers a malformed escape in the path with a 400 envelope', async () => {
    const testApp = await createTestApp();
    // Written into the path as it is: urlOf would encode the percent signs.
    const { method, path } = API.users.requestDeletion;
    const response = await testApp.app.inject({ method, url: path.replace(':id', '%E0%A4%A') });
    expectEnvelope('bad escape', response, 400, HTTP_MESSAGES.badUrl);
  });

  it('answers two parallel adds of the same broker account with one account and a 409, never a 500', async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger });
    const user = await createUser(testApp);
    const token = (await login(testApp, user)).jwt;
    // Both adds reach the insert before either has written, as they can on a busy PostgreSQL: the
    // first insert waits until the second arrives.
    const { value: insert } = Object.getOwnPropertyDescriptor(AccountsRepository.prototype, 'insert') as {
      value: AccountsRepository['insert'];
    };
    let arrived = 0;
    let release = () => {};
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(AccountsRepository.prototype, 'insert').mockImplementation(async function (
      this: AccountsRepository,
      id,
      values,
    ) {
      if (++arrived === 2) release();
      await bothArrived;
      return insert.call(this, id, values);
    });
    const add = () => testApp.call({ ...requestOf(API.accounts.add), token, payload: newAccount });

    const [first, second] = await Promise.all([add(), add()]);
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    expect([first?.body, second?.body]).toContainEqual({ ok: false, error: ACCOUNT_MESSAGES.duplicate });
    const stored = await testApp.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.accountId, newAccount.accountId));
    expect(stored).toHaveLength(1);
    const audited = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'ACCOUNT_CREATED'));
    expect(audited).toHaveLength(1);
    expect(lines.join('')).not.toContain('request failed');
  });

  it('logs a failed query by its statement and SQLSTATE, never its parameters', async () => {
    const { logger, lines } = capturedLogger();
    const testApp = await createTestApp({ logger });
    const token = (await login(testApp, await createUser(testApp))).jwt;
    // Any failure the code does not expect: here a rule the table refuses every new row by.
    await testApp.database.db.execute(
      sql`alter table accounts add constraint no_new_rows check (false) not valid`,
    );

    const failed = await testApp.call({
      ...requestOf(API.accounts.add),
      token,
      payload: newAccount,
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ ok: false, error: HTTP_MESSAGES.internal });
    const logged = lines.join('');
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ code: '23514', constraint: 'no_new_rows', table: 'accounts' });
    expect(String(failure?.err?.query)).toMatch(/^insert into "accounts"/);
    expect(logged).not.toContain('params');
    expect(logged).not.toContain(newAccount.accountId);
    // The at-rest ciphertexts of the credentials were parameters: no base64url run that long is logged.
    expect(logged).not.toMatch(/[A-Za-z0-9_-]{40,}/);
  });
});
