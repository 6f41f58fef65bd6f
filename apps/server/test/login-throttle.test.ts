// Login throttling (ASVS 2.2.1): per account whatever the address, per address whatever the
// account, in the database, and a cap on password hashing that answers 503 at once.
import { SECURITY_MESSAGES } from '@platform/contracts';
import { auditLogs } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressGroup, DEFAULT_THROTTLE_OPTIONS } from '../src/modules/auth/login-throttle';
import { createUser, DEFAULT_PASSWORD, login, loginAttempt } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;

/** The status of a login with the user's right password from the address. */
async function rightPassword(testApp: TestApp, user: { username: string }, remoteAddress: string) {
  return (await loginAttempt(testApp, { username: user.username, password: DEFAULT_PASSWORD }, remoteAddress))
    .status;
}

describe('login throttling', () => {
  it('locks an account after 10 wrong passwords from 10 addresses, for 15 minutes, then twice as long', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    for (let i = 1; i <= 10; i++) {
      const wrong = await loginAttempt(
        testApp,
        { username: user.username, password: `wrong-${i}-password` },
        `127.0.0.${i}`,
      );
      expect(wrong.status).toBe(401);
    }
    // The 11th address, and the right password: still refused while the lock runs.
    const locked = await loginAttempt(
      testApp,
      { username: user.username, password: DEFAULT_PASSWORD },
      '127.0.0.11',
    );
    expect(locked).toEqual({ status: 429, body: { ok: false, error: SECURITY_MESSAGES.accountLocked } });
    const [lockRow] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'LOGIN_LOCKED'));
    expect(lockRow?.metadata).toEqual({ username: user.username });

    testApp.clock.advance(14 * MINUTE);
    expect(await rightPassword(testApp, user, '127.0.0.12')).toBe(429);
    testApp.clock.advance(MINUTE);
    for (let i = 1; i <= 10; i++) {
      await loginAttempt(
        testApp,
        { username: user.username, password: `again-${i}-password` },
        `127.0.1.${i}`,
      );
    }
    // The second lock in a row lasts 30 minutes.
    testApp.clock.advance(29 * MINUTE);
    expect(await rightPassword(testApp, user, '127.0.2.1')).toBe(429);
    testApp.clock.advance(MINUTE);
    expect(await rightPassword(testApp, user, '127.0.2.1')).toBe(200);
  });

  it('counts parallel guesses from their start: 20 at once get at most 10 password checks', async () => {
    const testApp = await createTestApp({
      loginThrottle: { ...DEFAULT_THROTTLE_OPTIONS, hashConcurrency: 4 },
    });
    const user = await createUser(testApp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        loginAttempt(
          testApp,
          { username: user.username, password: `parallel-${i}-password` },
          `127.0.5.${i}`,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    expect(await rightPassword(testApp, user, '127.0.6.1')).toBe(429);
  });

  it('counts wrong remember tokens like wrong passwords', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    for (let i = 1; i <= 10; i++) {
      const wrong = await loginAttempt(
        testApp,
        { username: user.username, rememberToken: `guessed-token-${i}` },
        `127.0.0.${i}`,
      );
      expect(wrong.status).toBe(401);
    }
    const locked = await loginAttempt(
      testApp,
      { username: user.username, password: DEFAULT_PASSWORD },
      '127.0.0.11',
    );
    expect(locked.body.error).toBe(SECURITY_MESSAGES.accountLocked);
  });

  it('a right password clears the account counter', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    for (let i = 1; i <= 9; i++)
      await loginAttempt(
        testApp,
        { username: user.username, password: `wrong-${i}-password` },
        `127.0.0.${i}`,
      );
    await login(testApp, user);
    for (let i = 1; i <= 9; i++)
      await loginAttempt(
        testApp,
        { username: user.username, password: `wrong-${i}-password` },
        `127.0.1.${i}`,
      );
    expect(await rightPassword(testApp, user, '127.0.2.1')).toBe(200);
  });

  it('caps the failures of one address over all usernames, an IPv6 address by its /64', async () => {
    const testApp = await createTestApp({
      loginThrottle: { ...DEFAULT_THROTTLE_OPTIONS, addressMaxFailures: 6 },
    });
    const user = await createUser(testApp);
    for (let i = 1; i <= 6; i++) {
      // Two addresses of one /64 share the counter.
      const address = i % 2 === 0 ? '2001:db8:1:2::1' : '2001:db8:1:2:abcd::9';
      expect(
        (
          await loginAttempt(
            testApp,
            { username: `junk-${i}@example.com`, password: 'wrong-password' },
            address,
          )
        ).status,
      ).toBe(401);
    }
    const refused = await loginAttempt(
      testApp,
      { username: user.username, password: DEFAULT_PASSWORD },
      '2001:db8:1:2:ffff::1',
    );
    expect(refused).toEqual({ status: 429, body: { ok: false, error: SECURITY_MESSAGES.addressThrottled } });
    // The next /64 and the account itself are not held back.
    expect(
      (
        await loginAttempt(
          testApp,
          { username: user.username, password: DEFAULT_PASSWORD },
          '2001:db8:1:3::1',
        )
      ).status,
    ).toBe(200);
    // The cap is per window: 15 minutes later the address may try again.
    testApp.clock.advance(15 * MINUTE);
    expect(
      (
        await loginAttempt(
          testApp,
          { username: user.username, password: DEFAULT_PASSWORD },
          '2001:db8:1:2::1',
        )
      ).status,
    ).toBe(200);
  });

  it('groups addresses: IPv4 as is, IPv6 by /64, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('answers 503 with the envelope at once when more password checks wait than the cap allows', async () => {
    const testApp = await createTestApp({
      loginThrottle: { ...DEFAULT_THROTTLE_OPTIONS, hashConcurrency: 1 },
    });
    const user = await createUser(testApp);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginAttempt(
          testApp,
          { username: `someone-${i}@example.com`, password: 'wrong-password' },
          `127.0.3.${i}`,
        ).then((answer) => ({
          ...answer,
          ms: Date.now() - started,
        })),
      ),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    const checked = answers.filter((answer) => answer.status === 401);
    // One running and eight waiting: the rest are refused without a hash, before any check ends.
    expect(checked.length).toBeLessThanOrEqual(9);
    expect(busy.length).toBe(30 - checked.length);
    for (const answer of busy) expect(answer.body).toEqual({ ok: false, error: SECURITY_MESSAGES.busy });
    expect(Math.max(...busy.map((answer) => answer.ms))).toBeLessThan(
      Math.min(...checked.map((answer) => answer.ms)),
    );
    // The gate frees up again.
    expect(await rightPassword(testApp, user, '127.0.4.1')).toBe(200);
  });
});
