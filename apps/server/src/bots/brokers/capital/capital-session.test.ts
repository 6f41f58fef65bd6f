import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrokerError } from '../broker';
import type { CapitalFake } from '../../../../test/support/capital/capital-fake';
import { CREDENTIALS_MESSAGE } from './capital-problems';
import {
  ACCOUNT,
  TEST_LOGIN_INTERVAL_MS,
  brokerOn,
  linkOn,
  manualTimers,
  order,
  startFake,
} from '../../../../test/support/capital/capital-test-fixtures';

let fake: CapitalFake;
beforeEach(async () => {
  fake = await startFake();
});
afterEach(async () => {
  await fake.close();
});

const sessionPosts = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/session');

describe('Capital.com session', () => {
  it('logs in with the documented header and body, then sends CST and X-SECURITY-TOKEN on every call', async () => {
    const link = linkOn(fake);
    const broker = brokerOn(fake, { link });
    await broker.connect();
    await broker.positions();
    await link.close();

    const [login, ...later] = fake.requests;
    expect(login).toMatchObject({ method: 'POST', path: '/api/v1/session', status: 200 });
    expect(login?.headers['x-cap-api-key']).toBe(ACCOUNT.apiKey);
    expect(login?.headers['content-type']).toBe('application/json');
    expect(login?.body).toEqual({
      identifier: ACCOUNT.identifier,
      password: ACCOUNT.password,
      encryptedPassword: false,
    });
    expect(later.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/markets/GOLD',
      'GET /api/v1/positions',
      'DELETE /api/v1/session',
    ]);
    const cst = later[0]?.headers.cst;
    const securityToken = later[0]?.headers['x-security-token'];
    expect(cst).toMatch(/.+/);
    expect(securityToken).toMatch(/.+/);
    for (const request of later) {
      expect(request.headers).toMatchObject({ cst, 'x-security-token': securityToken });
      expect(request.headers['x-cap-api-key']).toBeUndefined();
      expect(request.status).toBe(200);
    }
  });

  it('renews an expired session once, even for calls failing together, and repeats them', async () => {
    const link = linkOn(fake);
    const broker = brokerOn(fake, { link });
    await broker.connect();
    fake.expireSessions();

    const [first, second] = await Promise.all([broker.positions(), broker.positions()]);

    expect(first).toEqual([]);
    expect(second).toEqual([]);
    expect(sessionPosts().map((request) => request.status)).toEqual([200, 200]);
    const positionReads = fake.requests.filter((request) => request.path === '/api/v1/positions');
    expect(positionReads.map((request) => request.status).sort()).toEqual([200, 200, 401, 401]);
    await link.close();
  });

  it('waits out a 429 from another login with the same key instead of retrying at once', async () => {
    // Another process of the same account has just logged in.
    await fetch(`${fake.apiUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'X-CAP-API-KEY': ACCOUNT.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: ACCOUNT.identifier, password: ACCOUNT.password }),
    });
    const link = linkOn(fake);
    await brokerOn(fake, { link }).connect();

    expect(sessionPosts().map((request) => request.status)).toEqual([200, 429, 200]);
    await link.close();
  });

  it('spaces logins one second apart by default, as Capital.com allows per key', async () => {
    const clock = manualTimers();
    const link = linkOn(fake, { timers: clock.timers, minLoginIntervalMs: undefined });
    const broker = brokerOn(fake, { link });
    await broker.connect();
    fake.expireSessions();

    const read = broker.positions();
    await vi.waitFor(() => expect(clock.pendingDelays()).toContain(1_000));
    expect(sessionPosts()).toHaveLength(1);
    // The fake keeps its own, real, scaled-down window.
    await new Promise((resolve) => setTimeout(resolve, TEST_LOGIN_INTERVAL_MS));
    clock.advance(1_000);

    await expect(read).resolves.toEqual([]);
    expect(sessionPosts().map((request) => request.status)).toEqual([200, 200]);
    await link.close();
  });

  it.each([
    ['a wrong password', { ...ACCOUNT, password: 'wrong' }, 'error.invalid.details'],
    ['an unknown identifier', { ...ACCOUNT, identifier: 'bruno@example.com' }, 'error.invalid.details'],
    ['an unknown API key', { ...ACCOUNT, apiKey: 'key-revoked' }, 'error.invalid.api.key'],
  ])('refuses %s as credentials after exactly one login attempt', async (_case, credentials, errorCode) => {
    const broker = brokerOn(fake, { link: linkOn(fake, { credentials }) });

    const error = await broker.connect().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({ problem: 'credentials', message: CREDENTIALS_MESSAGE, permanent: true });
    expect(sessionPosts()).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ identifier: credentials.identifier });
    expect(fake.requests[0]).toMatchObject({ status: 401, answer: { errorCode } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests).toHaveLength(1);
  });

  it('never puts credentials or tokens in log lines, error messages or the inspected broker', async () => {
    const logged: string[] = [];
    const logger = {
      info: (object: object, message: string) => logged.push(JSON.stringify(object), message),
      warn: (object: object, message: string) => logged.push(JSON.stringify(object), message),
    };
    const messages: string[] = [];
    const remember = (error: unknown) =>
      messages.push(error instanceof Error ? `${error.message} ${error.stack}` : String(error));

    await brokerOn(fake, {
      logger,
      link: linkOn(fake, { logger, credentials: { ...ACCOUNT, password: 'Wr0ng!Secret' } }),
    })
      .connect()
      .catch(remember);
    const link = linkOn(fake, { logger });
    const broker = brokerOn(fake, { logger, link });
    await broker.connect();
    fake.expireSessions();
    fake.rejectNextDeal('INSUFFICIENT_FUNDS');
    await broker.send(order()).catch(remember);
    await broker.closePosition('no-such-deal', 2000).catch(remember);
    await link.close();

    const tokens = fake.requests.flatMap((request) => [
      request.headers.cst,
      request.headers['x-security-token'],
    ]);
    const secrets = [ACCOUNT.apiKey, ACCOUNT.password, ACCOUNT.identifier, 'Wr0ng!Secret', ...tokens].filter(
      (secret): secret is string => typeof secret === 'string',
    );
    expect(messages).toHaveLength(3);
    expect(logged.length).toBeGreaterThan(0);
    for (const text of [
      ...logged,
      ...messages,
      inspect(link, { depth: 10, showHidden: true }),
      inspect(broker, { depth: 10, showHidden: true }),
    ]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });

  it('pings after keepAliveMs of silence, and every call postpones the ping', async () => {
    const clock = manualTimers();
    const link = linkOn(fake, { timers: clock.timers, keepAliveMs: 300_000 });
    const broker = brokerOn(fake, { link });
    await broker.connect();
    const pings = () => fake.count('GET', '/api/v1/ping');

    clock.advance(299_000);
    await broker.positions();
    clock.advance(2_000);
    expect(pings()).toBe(0);

    clock.advance(298_000);
    await vi.waitFor(() => expect(pings()).toBe(1));
    expect(fake.requests.at(-1)?.status).toBe(200);
    clock.advance(300_000);
    await vi.waitFor(() => expect(pings()).toBe(2));

    await link.close();
    clock.advance(600_000);
    expect(clock.pendingDelays()).toEqual([]);
  });
});
