import { LOGIN_MESSAGES, SECURITY_MESSAGES, requestOf, type LoginResponse } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs } from '@platform/db';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/lib/totp';
import { createUser, DEFAULT_PASSWORD, enableOtp, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const attempt = (testApp: TestApp, payload: Record<string, unknown>) =>
  testApp.call<LoginResponse>({
    ...requestOf(API.auth.login),
    payload,
    headers: { 'user-agent': 'LoginTest/1.0' },
  });

describe('login', () => {
  it('answers jwt, refresh token and the session user for the right password', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp, { firstname: 'Anna', lastname: 'Bianchi' });
    const { status, body } = await attempt(testApp, {
      username: user.username.toUpperCase(),
      password: DEFAULT_PASSWORD,
    });
    expect(status).toBe(200);
    expect(body.data.jwt.split('.')).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThan(30);
    expect(body.data.rememberToken).toBeUndefined();
    expect(body.data.user).toEqual({
      _id: user.id,
      firstname: 'Anna',
      lastname: 'Bianchi',
      username: user.username,
      role: 'user',
      isPro: false,
      request: { status: 'approved' },
      otp: { status: 'disabled' },
    });
    const me = await testApp.call({ ...requestOf(API.auth.me), token: body.data.jwt });
    expect(me.body.data).toEqual(body.data.user);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const wrong = await attempt(testApp, { username: user.username, password: 'not-the-password' });
    const unknown = await attempt(testApp, { username: 'nobody@example.com', password: DEFAULT_PASSWORD });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ ok: false, error: LOGIN_MESSAGES.invalidCredentials });
    }
  });

  it.each([
    ['pending', LOGIN_MESSAGES.pending],
    ['rejected', LOGIN_MESSAGES.rejected],
    ['blocked', LOGIN_MESSAGES.blocked],
  ] as const)(
    'refuses a %s account with its message once the password is right',
    async (requestStatus, message) => {
      const testApp = await createTestApp();
      const user = await createUser(testApp, { requestStatus });
      const right = await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
      expect(right.status).toBe(403);
      expect(right.body).toEqual({ ok: false, error: message });
      // A wrong password does not reveal the account's state.
      const wrong = await attempt(testApp, { username: user.username, password: 'wrong-password' });
      expect(wrong.body.error).toBe(LOGIN_MESSAGES.invalidCredentials);
    },
  );

  it('refuses a user whose deletion was requested', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp, { deletionRequestedAt: new Date() });
    const { status, body } = await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
    expect(status).toBe(403);
    expect(body.error).toBe(LOGIN_MESSAGES.blocked);
  });

  it('refuses a registration request, which has no password yet', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp, { requestStatus: 'pending', password: null });
    const { status, body } = await attempt(testApp, { username: user.username, password: '' });
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    const guessed = await attempt(testApp, { username: user.username, password: 'anything-at-all' });
    expect(guessed.body.error).toBe(LOGIN_MESSAGES.invalidCredentials);
  });

  it('asks for the code when 2FA is on, refuses a wrong or replayed one, accepts a fresh one', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const secret = await enableOtp(testApp, (await login(testApp, user)).jwt);

    const withoutCode = await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body).toEqual({ ok: false, error: LOGIN_MESSAGES.otpRequired, requiresOtp: true });

    const wrongCode = await attempt(testApp, {
      username: user.username,
      password: DEFAULT_PASSWORD,
      otpCode: '000000',
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toEqual({
      ok: false,
      error: LOGIN_MESSAGES.invalidCredentials,
      requiresOtp: true,
    });

    const code = totpCode(secret, testApp.clock.now());
    const accepted = await attempt(testApp, {
      username: user.username,
      password: DEFAULT_PASSWORD,
      otpCode: code,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user.otp.status).toBe('enabled');

    const replayed = await attempt(testApp, {
      username: user.username,
      password: DEFAULT_PASSWORD,
      otpCode: code,
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body.requiresOtp).toBe(true);
  });

  it('does not ask for a code with a wrong password, even when 2FA is on', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    await enableOtp(testApp, (await login(testApp, user)).jwt);
    const { body } = await attempt(testApp, { username: user.username, password: 'wrong-password' });
    expect(body).toEqual({ ok: false, error: LOGIN_MESSAGES.invalidCredentials });
  });

  it('offers OTP setup at first login and, once verified, requires the code', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp, { otpStatus: 'not-configured' });
    const first = await login(testApp, user);
    expect(first.user.otp.status).toBe('not-configured');

    const setup = await testApp.call<{ secret: string; otpauth_url: string }>({
      ...requestOf(API.auth.otpEnable),
      token: first.jwt,
    });
    expect(setup.body.data.otpauth_url).toContain(`secret=${setup.body.data.secret}`);
    const wrong = await testApp.call({
      ...requestOf(API.auth.otpVerify),
      token: first.jwt,
      payload: { token: '123456', secret: setup.body.data.secret },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Codice OTP non valido.');

    const verified = await testApp.call({
      ...requestOf(API.auth.otpVerify),
      token: first.jwt,
      payload: {
        token: totpCode(setup.body.data.secret, testApp.clock.now()),
        secret: setup.body.data.secret,
      },
    });
    expect(verified.body).toEqual({ ok: true, data: null });

    testApp.clock.advance(30_000);
    const next = await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
    expect(next.body.requiresOtp).toBe(true);
  });

  it('stops offering the setup once the user skips it', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp, { otpStatus: 'not-configured' });
    const first = await login(testApp, user);
    const skipped = await testApp.call({ ...requestOf(API.auth.otpDisable), token: first.jwt, payload: {} });
    expect(skipped.body.ok).toBe(true);
    expect((await login(testApp, user)).user.otp.status).toBe('disabled');
  });

  it('remembers the user with a single-use token that replaces the password', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const first = await login(testApp, user, { rememberMe: true });
    expect(first.rememberToken).toEqual(expect.any(String));

    const auto = await attempt(testApp, { username: user.username, rememberToken: first.rememberToken });
    expect(auto.status).toBe(200);
    const next = auto.body.data.rememberToken;
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(first.rememberToken);

    const reused = await attempt(testApp, { username: user.username, rememberToken: first.rememberToken });
    expect(reused.body).toEqual({ ok: false, error: LOGIN_MESSAGES.invalidCredentials });
    const forged = await attempt(testApp, { username: user.username, rememberToken: 'forged-token-value' });
    expect(forged.status).toBe(401);
    const otherUser = await createUser(testApp);
    const stolen = await attempt(testApp, { username: otherUser.username, rememberToken: next });
    expect(stolen.status).toBe(401);
  });

  it('still asks for the 2FA code on a remembered login', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const secret = await enableOtp(testApp, (await login(testApp, user)).jwt);
    const withCode = await login(testApp, user, {
      rememberMe: true,
      otpCode: totpCode(secret, testApp.clock.now()),
    });
    testApp.clock.advance(30_000);
    const auto = await attempt(testApp, { username: user.username, rememberToken: withCode.rememberToken });
    expect(auto.body.requiresOtp).toBe(true);
    const completed = await attempt(testApp, {
      username: user.username,
      rememberToken: withCode.rememberToken,
      otpCode: totpCode(secret, testApp.clock.now()),
    });
    expect(completed.status).toBe(200);
  });

  it('audits every attempt with address, user agent and outcome', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    await attempt(testApp, { username: user.username, password: 'wrong-password' });
    await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
    await attempt(testApp, { username: 'ghost@example.com', password: 'whatever-it-is' });
    const rows = await testApp.database.db.select().from(auditLogs).orderBy(desc(auditLogs.createdAt));
    expect(rows.map((row) => row.action).sort()).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_SUCCESS']);
    for (const row of rows) {
      expect(row.ipAddress).toBe('127.0.0.1');
      expect(row.userAgent).toBe('LoginTest/1.0');
    }
    expect(rows.find((row) => row.metadata?.username === 'ghost@example.com')?.userId).toBeNull();
  });

  it('slows down repeated attempts on one account with 429 and the envelope', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await attempt(testApp, { username: user.username, password: `wrong-${i}-password` })).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await attempt(testApp, { username: user.username, password: DEFAULT_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ ok: false, error: SECURITY_MESSAGES.accountLocked });
  });
});
