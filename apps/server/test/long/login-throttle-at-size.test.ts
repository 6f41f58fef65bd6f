// The long run of login throttling (npm run test:all, the server-long project): a flood of 5,000
// failed logins on junk usernames from as many addresses does not push the victim's counter out.
import { SECURITY_MESSAGES } from '@platform/contracts';
import { loginThrottle } from '@platform/db';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, loginAttempt } from '../support/factories';
import { createTestApp } from '../support/test-app';

describe('login throttling, at size', () => {
  it('keeps a victim counter through 5,000 failures on junk usernames, in the database', async () => {
    const testApp = await createTestApp();
    const victim = await createUser(testApp);
    for (let i = 1; i <= 9; i++)
      await loginAttempt(
        testApp,
        { username: victim.username, password: `wrong-${i}-password` },
        `127.0.0.${i}`,
      );

    // A flood on junk usernames from as many addresses; the check itself is skipped (no hashing)
    // so the test stays fast, the counting is the real one.
    const throttle = testApp.app.services.loginThrottle;
    for (let i = 0; i < 5000; i++) {
      await throttle.guardLogin(
        `junk-${i}-${'x'.repeat(200)}@example.com`,
        { ipAddress: `10.${i >> 8}.${i & 255}.1`, userAgent: null },
        () => Promise.resolve(false),
      );
    }
    // Keys are hashes: a 200-character username takes no more room than any other.
    const rows = await testApp.database.db.select({ key: loginThrottle.key }).from(loginThrottle);
    expect(Math.max(...rows.map((row) => row.key.length))).toBeLessThanOrEqual(72);

    const [{ value: counters } = { value: 0 }] = await testApp.database.db
      .select({ value: count() })
      .from(loginThrottle);
    expect(counters).toBeGreaterThanOrEqual(10_000);
    await loginAttempt(testApp, { username: victim.username, password: 'wrong-10-password' }, '127.0.0.10');
    const locked = await loginAttempt(
      testApp,
      { username: victim.username, password: DEFAULT_PASSWORD },
      '127.0.0.11',
    );
    expect(locked.body.error).toBe(SECURITY_MESSAGES.accountLocked);
    // 5,000 attempts of a few statements each: about 40 s here at load 8, past two minutes at 12.
  }, 600_000);
});
