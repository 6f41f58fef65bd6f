// 2FA hardening (ASVS 2.8): code checks lock, changes need a recent password, an admin can reset
// a user's 2FA (audited), and the roles of REQUIRE_2FA_FOR get no session before their setup.
import {
  OTP_MESSAGES,
  PASSWORD_MESSAGES,
  SECURITY_MESSAGES,
  SESSION_MESSAGES,
  requestOf,
  type LoginResponse,
  type ManagedUser,
  type OtpSetupRequiredResponse,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/lib/totp';
import { createUser, DEFAULT_PASSWORD, enableOtp, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;

function disable(
  testApp: TestApp,
  token: string,
  payload: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) {
  return testApp.call({ ...requestOf(API.auth.otpDisable), token, payload, remoteAddress });
}

function loginCall(testApp: TestApp, payload: Record<string, unknown>) {
  return testApp.call<LoginResponse | OtpSetupRequiredResponse>({
    ...requestOf(API.auth.login),
    payload,
  });
}

describe('2FA code checks', () => {
  it('refuses 50 wrong codes on otp/disable: after 5 the checks lock, the right code too, for 15 minutes', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const secret = await enableOtp(testApp, session.jwt);

    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const wrong = String((Number(totpCode(secret, testApp.clock.now())) + 1 + i) % 1_000_000).padStart(
        6,
        '0',
      );
      // Addresses change so that only the code lock answers, not the per-address request rate.
      statuses.push(
        (
          await disable(
            testApp,
            session.jwt,
            { token: wrong, password: DEFAULT_PASSWORD },
            `127.0.0.${i + 1}`,
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const right = await disable(
      testApp,
      session.jwt,
      { token: totpCode(secret, testApp.clock.now()), password: DEFAULT_PASSWORD },
      '127.0.1.1',
    );
    expect(right).toEqual({ status: 429, body: { ok: false, error: SECURITY_MESSAGES.otpLocked } });
    // The login's code step shares the lock.
    const atLogin = await loginCall(testApp, {
      username: user.username,
      password: DEFAULT_PASSWORD,
      otpCode: totpCode(secret, testApp.clock.now()),
    });
    expect(atLogin.status).toBe(429);
    const [locked] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'OTP_LOCKED'));
    expect(locked?.userId).toBe(user.id);

    testApp.clock.advance(15 * MINUTE);
    const off = await disable(
      testApp,
      session.jwt,
      { token: totpCode(secret, testApp.clock.now()), password: DEFAULT_PASSWORD },
      '127.0.1.2',
    );
    expect(off.body.ok).toBe(true);
  });

  it('locks the code check of otp/verify too', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    await testApp.call({ ...requestOf(API.auth.otpEnable), token: session.jwt });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await testApp.call({
            ...requestOf(API.auth.otpVerify),
            token: session.jwt,
            payload: { token: '000000' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('2FA changes need the current password', () => {
  it('sets up 2FA only within 5 minutes of a password proof, or with the password given', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    testApp.clock.advance(5 * MINUTE + 1000);

    const stale = await testApp.call({ ...requestOf(API.auth.otpUrl), token: session.jwt });
    expect(stale).toEqual({
      status: 400,
      body: { ok: false, error: SECURITY_MESSAGES.passwordProofRequired },
    });
    const wrong = await testApp.call({
      ...requestOf(API.auth.otpEnable),
      token: session.jwt,
      payload: { password: 'not-my-password' },
    });
    expect(wrong.body.error).toBe(PASSWORD_MESSAGES.wrong);
    const given = await testApp.call({
      ...requestOf(API.auth.otpEnable),
      token: session.jwt,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(given.status).toBe(200);

    testApp.clock.advance(5 * MINUTE + 1000);
    const verified = await testApp.call({
      ...requestOf(API.auth.verifyPassword),
      token: session.jwt,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(verified.status).toBe(200);
    expect((await testApp.call({ ...requestOf(API.auth.otpUrl), token: session.jwt })).status).toBe(200);
  });

  it('does not count a remember-token login as a password proof', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const first = await login(testApp, user, { rememberMe: true });
    const auto = await loginCall(testApp, { username: user.username, rememberToken: first.rememberToken });
    const jwt = (auto.body.data as LoginResponse).jwt;
    const setup = await testApp.call({ ...requestOf(API.auth.otpEnable), token: jwt });
    expect(setup.body.error).toBe(SECURITY_MESSAGES.passwordProofRequired);
  });

  it('turns 2FA off only with a code and, after 5 minutes, the password again', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const secret = await enableOtp(testApp, session.jwt);
    testApp.clock.advance(5 * MINUTE);

    const code = () => totpCode(secret, testApp.clock.now());
    expect((await disable(testApp, session.jwt, { token: code() })).body.error).toBe(
      SECURITY_MESSAGES.passwordProofRequired,
    );
    expect(
      (await disable(testApp, session.jwt, { token: code(), password: 'not-my-password' })).body.error,
    ).toBe(PASSWORD_MESSAGES.wrong);
    expect((await disable(testApp, session.jwt, { password: DEFAULT_PASSWORD })).body.error).toBe(
      OTP_MESSAGES.codeRequired,
    );
    expect((await disable(testApp, session.jwt, { token: code(), password: DEFAULT_PASSWORD })).body.ok).toBe(
      true,
    );
  });
});

describe('admin reset of a user 2FA', () => {
  it('resets it, audits who did it to whom, and offers the setup again at the next login', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    await enableOtp(testApp, (await login(testApp, user)).jwt);
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));

    const reset = await testApp.call<ManagedUser>({
      ...requestOf(API.users.resetOtp, { id: user.id }),
      token: admin.jwt,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.otp.status).toBe('not-configured');
    const [row] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'OTP_RESET_BY_ADMIN'));
    expect(row).toMatchObject({
      userId: admin.user._id,
      metadata: { targetUserId: user.id, previousStatus: 'enabled' },
    });
    expect((await login(testApp, user)).user.otp.status).toBe('not-configured');
  });

  it('is refused to non-admins, on the admin own account and for an unknown user, with the envelope', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const userSession = await login(testApp, user);
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));
    const call = (id: string, token: string) =>
      testApp.call({ ...requestOf(API.users.resetOtp, { id }), token });

    expect(await call(user.id, userSession.jwt)).toEqual({
      status: 403,
      body: { ok: false, error: SESSION_MESSAGES.forbidden },
    });
    expect(await call(admin.user._id, admin.jwt)).toEqual({
      status: 403,
      body: { ok: false, error: SECURITY_MESSAGES.ownOtpReset },
    });
    expect((await call('00000000-0000-4000-8000-000000000000', admin.jwt)).status).toBe(404);
    expect((await call('not-an-id', admin.jwt)).status).toBe(400);
  });
});

describe('REQUIRE_2FA_FOR', () => {
  it('gives an admin without 2FA no session, only a setup token, until the setup is done', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const answer = await loginCall(testApp, {
      username: admin.username,
      password: DEFAULT_PASSWORD,
      rememberMe: true,
    });
    expect(answer.status).toBe(200);
    const { otpSetupToken: setupToken, user, ...rest } = answer.body.data as OtpSetupRequiredResponse;
    expect(rest).toEqual({});
    expect(setupToken).toEqual(expect.any(String));
    expect(user.role).toBe('admin');

    // The setup token opens nothing but the setup, and the setup cannot be skipped.
    expect((await testApp.call({ ...requestOf(API.auth.me), token: setupToken })).status).toBe(401);
    expect((await testApp.call({ ...requestOf(API.users.list), token: setupToken })).status).toBe(401);
    expect((await disable(testApp, setupToken, {})).status).toBe(401);

    const setup = await testApp.call<{ secret: string }>({
      ...requestOf(API.auth.otpEnable),
      token: setupToken,
    });
    const { secret } = setup.body.data;
    const wrong = await testApp.call({
      ...requestOf(API.auth.otpVerify),
      token: setupToken,
      payload: { token: '000000', secret },
    });
    expect(wrong.status).toBe(400);
    const verified = await testApp.call<LoginResponse>({
      ...requestOf(API.auth.otpVerify),
      token: setupToken,
      payload: { token: totpCode(secret, testApp.clock.now()), secret },
    });
    for (const token of [
      verified.body.data.jwt,
      verified.body.data.refreshToken,
      verified.body.data.rememberToken,
    ]) {
      expect(token).toEqual(expect.any(String));
    }
    expect(verified.body.data.user.otp.status).toBe('enabled');
    expect((await testApp.call({ ...requestOf(API.auth.me), token: verified.body.data.jwt })).status).toBe(
      200,
    );

    // Once set up, it cannot be turned off by its owner.
    testApp.clock.advance(30_000);
    const off = await disable(testApp, verified.body.data.jwt, {
      token: totpCode(secret, testApp.clock.now()),
      password: DEFAULT_PASSWORD,
    });
    expect(off).toEqual({ status: 409, body: { ok: false, error: SECURITY_MESSAGES.otpMandatory } });
  });

  it('refuses a setup token after its 10 minutes', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const answer = await loginCall(testApp, { username: admin.username, password: DEFAULT_PASSWORD });
    testApp.clock.advance(10 * MINUTE + 1000);
    const late = await testApp.call({
      ...requestOf(API.auth.otpEnable),
      token: (answer.body.data as OtpSetupRequiredResponse).otpSetupToken,
    });
    expect(late.status).toBe(401);
  });

  it('applies to the roles listed and lets the others in as before', async () => {
    const testApp = await createTestApp({ otpRequiredFor: ['admin', 'sales'] });
    const sales = await createUser(testApp, { role: 'sales' });
    const plain = await createUser(testApp, { role: 'user' });
    const salesAnswer = await loginCall(testApp, { username: sales.username, password: DEFAULT_PASSWORD });
    expect(salesAnswer.body.data).toHaveProperty('otpSetupToken');
    const userAnswer = await loginCall(testApp, { username: plain.username, password: DEFAULT_PASSWORD });
    expect(userAnswer.body.data).toHaveProperty('jwt');

    const none = await createTestApp({ otpRequiredFor: [] });
    const admin = await createUser(none, { role: 'admin' });
    expect(
      (await loginCall(none, { username: admin.username, password: DEFAULT_PASSWORD })).body.data,
    ).toHaveProperty('jwt');
  });

  it('refuses a remember-token login of a role that must first set up 2FA', async () => {
    const testApp = await createTestApp();
    const remembered = await createUser(testApp, { role: 'admin' });
    const first = await login(testApp, remembered, { rememberMe: true });
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));
    await testApp.call({
      ...requestOf(API.users.resetOtp, { id: remembered.id }),
      token: admin.jwt,
    });

    const auto = await loginCall(testApp, {
      username: remembered.username,
      rememberToken: first.rememberToken,
    });
    expect(auto).toEqual({
      status: 401,
      body: { ok: false, error: SECURITY_MESSAGES.otpSetupNeedsPassword },
    });
  });
});
