import { OTP_MESSAGES, PASSWORD_MESSAGES, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/lib/totp';
import { createUser, DEFAULT_PASSWORD, enableOtp, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const changePassword = (testApp: TestApp, token: string, payload: Record<string, unknown>) =>
  testApp.call({ ...requestOf(API.auth.changePassword), token, payload });
const verifyPassword = (testApp: TestApp, token: string, password: string) =>
  testApp.call<{ revealKey: string }>({
    ...requestOf(API.auth.verifyPassword),
    token,
    payload: { password },
  });

describe('change password', () => {
  it('changes it and signs out the other sessions, not this one', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const here = await login(testApp, user);
    const elsewhere = await login(testApp, user);
    const answer = await changePassword(testApp, here.jwt, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Brand-new-secret-7',
      confirmPassword: 'Brand-new-secret-7',
    });
    expect(answer.body).toEqual({ ok: true, data: null });
    expect((await testApp.call({ ...requestOf(API.auth.me), token: here.jwt })).status).toBe(200);
    expect((await testApp.call({ ...requestOf(API.auth.me), token: elsewhere.jwt })).status).toBe(401);
    const relogin = await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: 'Brand-new-secret-7' },
    });
    expect(relogin.status).toBe(200);
  });

  it('refuses a wrong current password and a confirmation that differs', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const wrong = await changePassword(testApp, session.jwt, {
      currentPassword: 'not-my-password',
      newPassword: 'Brand-new-secret-7',
      confirmPassword: 'Brand-new-secret-7',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(PASSWORD_MESSAGES.wrong);
    const mismatch = await changePassword(testApp, session.jwt, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Brand-new-secret-7',
      confirmPassword: 'Brand-new-secret-8',
    });
    expect(mismatch.body.error).toBe(PASSWORD_MESSAGES.mismatchSettings);
  });

  it('needs a valid 2FA code when 2FA is on', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const secret = await enableOtp(testApp, session.jwt);
    const body = {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'Brand-new-secret-7',
      confirmPassword: 'Brand-new-secret-7',
    };
    expect((await changePassword(testApp, session.jwt, body)).body.error).toBe(OTP_MESSAGES.codeRequired);
    expect((await changePassword(testApp, session.jwt, { ...body, otpCode: '000000' })).body.error).toBe(
      OTP_MESSAGES.invalidSettings,
    );
    const withCode = await changePassword(testApp, session.jwt, {
      ...body,
      otpCode: totpCode(secret, testApp.clock.now()),
    });
    expect(withCode.body.ok).toBe(true);
  });
});

describe('verify password', () => {
  it('answers a reveal key that belongs to the session', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const first = await login(testApp, user);
    const second = await login(testApp, user);
    const a1 = await verifyPassword(testApp, first.jwt, DEFAULT_PASSWORD);
    const a2 = await verifyPassword(testApp, first.jwt, DEFAULT_PASSWORD);
    const b = await verifyPassword(testApp, second.jwt, DEFAULT_PASSWORD);
    expect(a1.body.data.revealKey).toMatch(/^[0-9a-f]{64}$/);
    expect(a2.body.data.revealKey).toBe(a1.body.data.revealKey);
    expect(b.body.data.revealKey).not.toBe(a1.body.data.revealKey);
  });

  it('refuses a wrong password without a key', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const wrong = await verifyPassword(testApp, session.jwt, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ ok: false, error: PASSWORD_MESSAGES.wrong });
    const empty = await verifyPassword(testApp, session.jwt, '');
    expect(empty.body.error).toBe(PASSWORD_MESSAGES.currentRequired);
  });
});

describe('2FA settings', () => {
  it('refuses a second setup while 2FA is on and turns it off only with a code', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const secret = await enableOtp(testApp, session.jwt);

    const again = await testApp.call({ ...requestOf(API.auth.otpUrl), token: session.jwt });
    expect(again.status).toBe(409);

    const noCode = await testApp.call({ ...requestOf(API.auth.otpDisable), token: session.jwt, payload: {} });
    expect(noCode.body.error).toBe(OTP_MESSAGES.codeRequired);
    const off = await testApp.call({
      ...requestOf(API.auth.otpDisable),
      token: session.jwt,
      payload: { token: totpCode(secret, testApp.clock.now()) },
    });
    expect(off.body.ok).toBe(true);
    expect((await login(testApp, user)).user.otp.status).toBe('disabled');
  });

  it('gives the settings shape of the setup and refuses a code of another secret', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const setup = await testApp.call<{ otpAuthUrl: string; secret: string }>({
      ...requestOf(API.auth.otpUrl),
      token: session.jwt,
    });
    expect(setup.body.data.otpAuthUrl).toMatch(/^otpauth:\/\/totp\//);
    const mismatched = await testApp.call({
      ...requestOf(API.auth.otpVerify),
      token: session.jwt,
      payload: { token: '123456', secret: 'JBSWY3DPEHPK3PXP' },
    });
    expect(mismatched.status).toBe(400);
  });
});
