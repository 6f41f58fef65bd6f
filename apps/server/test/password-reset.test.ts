import { RESET_MESSAGES, requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/lib/totp';
import { createUser, DEFAULT_PASSWORD, enableOtp, login } from './support/factories';
import { createTestApp, PUBLIC_URL, type TestApp } from './support/test-app';

const requestReset = (testApp: TestApp, payload: Record<string, unknown>) =>
  testApp.call({ ...requestOf(API.auth.passwordResetRequest), payload });
const reset = (testApp: TestApp, token: string, newPassword: string) =>
  testApp.call({ ...requestOf(API.auth.passwordReset), payload: { token, newPassword } });
const loginWith = (testApp: TestApp, username: string, password: string) =>
  testApp.call({ ...requestOf(API.auth.login), payload: { username, password } });

function tokenOf(link: string | undefined): string {
  const url = new URL(link ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
  return url.searchParams.get('token') ?? '';
}

describe('password reset', () => {
  it('mails a link that sets a new password once and ends the open sessions', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);

    expect((await requestReset(testApp, { username: user.username })).body).toEqual({ ok: true, data: null });
    const token = tokenOf(testApp.mailer.linksTo(user.username)[0]);

    expect((await reset(testApp, token, 'A-brand-new-pass-1')).body).toEqual({ ok: true, data: null });
    // The new password is hashed at the production cost: argon2id, 64 MiB, 3 passes, 4 lanes.
    const [stored] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect((await loginWith(testApp, user.username, 'A-brand-new-pass-1')).status).toBe(200);
    expect((await loginWith(testApp, user.username, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await testApp.call({ ...requestOf(API.auth.me), token: session.jwt })).status).toBe(401);

    const second = await reset(testApp, token, 'Another-pass-22');
    expect(second.status).toBe(400);
    expect(second.body.error).toBe(RESET_MESSAGES.tokenInvalid);
    // The page tells an expired link by its code, not by the words of the message.
    expect(second.body).toMatchObject({ ok: false, code: 'reset-token-invalid' });
  });

  it('refuses a link older than 30 minutes', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    await requestReset(testApp, { username: user.username });
    const token = tokenOf(testApp.mailer.linksTo(user.username)[0]);
    testApp.clock.advance(30 * 60 * 1000 + 1);
    const late = await reset(testApp, token, 'A-brand-new-pass-1');
    expect(late.status).toBe(400);
    expect(late.body.error).toContain('token');
    expect((await loginWith(testApp, user.username, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('keeps only the newest link valid', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    await requestReset(testApp, { username: user.username });
    await requestReset(testApp, { username: user.username });
    const [older, newer] = testApp.mailer.linksTo(user.username).map(tokenOf);
    expect((await reset(testApp, older ?? '', 'A-brand-new-pass-1')).status).toBe(400);
    expect((await reset(testApp, newer ?? '', 'A-brand-new-pass-1')).status).toBe(200);
  });

  it('answers ok for an unknown address and mails nothing', async () => {
    const testApp = await createTestApp();
    const answer = await requestReset(testApp, { username: 'stranger@example.com' });
    expect(answer.body).toEqual({ ok: true, data: null });
    expect(testApp.mailer.sent).toHaveLength(0);
  });

  it('sends the link to a 2FA account only with a valid code', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const secret = await enableOtp(testApp, (await login(testApp, user)).jwt);

    expect((await requestReset(testApp, { username: user.username })).body.ok).toBe(true);
    expect(testApp.mailer.linksTo(user.username)).toHaveLength(0);
    expect(testApp.mailer.sent.at(-1)?.text).toContain('codice OTP');

    await requestReset(testApp, { username: user.username, otpCode: totpCode(secret, testApp.clock.now()) });
    expect(testApp.mailer.linksTo(user.username)).toHaveLength(1);
  });

  it('refuses a too short new password and an empty token with clear messages', async () => {
    const testApp = await createTestApp();
    const short = await reset(testApp, 'whatever', 'short');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('La password deve avere almeno 8 caratteri.');
    const noToken = await reset(testApp, '', 'A-brand-new-pass-1');
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toContain('token');
  });
});
