// Session limits (issue 14, point 5): an absolute lifetime, remember tokens that die with a
// logout or a 'Not {user}?', a reveal key good for minutes, and a logout from every device.
import {
  SESSION_MESSAGES,
  requestOf,
  type Account,
  type LoginResponse,
  type RefreshResponse,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs } from '@platform/db';
import { createDecipheriv } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const refresh = (testApp: TestApp, refreshToken: string) =>
  testApp.call<RefreshResponse>({ ...requestOf(API.auth.refresh), payload: { refreshToken } });
const me = (testApp: TestApp, token: string) => testApp.call({ ...requestOf(API.auth.me), token });
const rememberedLogin = (testApp: TestApp, username: string, rememberToken: string) =>
  testApp.call<LoginResponse>({
    ...requestOf(API.auth.login),
    payload: { username, rememberToken },
  });
const auditActions = async (testApp: TestApp, action: string) =>
  testApp.database.db.select().from(auditLogs).where(eq(auditLogs.action, action));

function reveal(ciphertext: string, revealKey: string): string {
  const [ivHex, bodyHex] = ciphertext.split(':') as [string, string];
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(revealKey, 'hex'), Buffer.from(ivHex, 'hex'));
  return Buffer.concat([decipher.update(Buffer.from(bodyHex, 'hex')), decipher.final()]).toString('utf8');
}

describe('session limits', () => {
  it('refuses a refresh, and the access token, once the session is older than SESSION_MAX_HOURS', async () => {
    const testApp = await createTestApp({ sessionMaxHours: 2 });
    const session = await login(testApp, await createUser(testApp));
    // Refreshed every 50 minutes, as the client does: alive until the second hour ends.
    let { refreshToken } = session;
    for (let step = 0; step < 2; step += 1) {
      testApp.clock.advance(50 * MINUTE);
      const rotated = await refresh(testApp, refreshToken);
      expect(rotated.status).toBe(200);
      refreshToken = rotated.body.data.refreshToken;
    }
    const lastToken = (await refresh(testApp, refreshToken)).body.data;
    testApp.clock.advance(20 * MINUTE + 1);

    const late = await refresh(testApp, lastToken.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe(SESSION_MESSAGES.unauthenticated);
    expect(late.body).toMatchObject({ code: 'session-invalid' });
    expect((await me(testApp, lastToken.token)).status).toBe(401);
  });

  it('lasts 12 hours by default', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    testApp.clock.advance(11 * HOUR);
    const rotated = await refresh(testApp, session.refreshToken);
    expect(rotated.status).toBe(200);
    testApp.clock.advance(HOUR);
    expect((await refresh(testApp, rotated.body.data.refreshToken)).status).toBe(401);
  });

  it('kills the remember token sent with the logout', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user, { rememberMe: true });
    const rememberToken = session.rememberToken ?? '';
    expect(rememberToken).not.toBe('');

    const logout = await testApp.call({
      ...requestOf(API.auth.logout),
      token: session.jwt,
      payload: { refreshToken: session.refreshToken, rememberToken },
    });
    expect(logout.status).toBe(200);
    expect((await rememberedLogin(testApp, user.username, rememberToken)).status).toBe(401);
  });

  it("kills the remember token of 'Not {user}?' without a session, and audits it", async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const rememberToken = (await login(testApp, user, { rememberMe: true })).rememberToken ?? '';

    const revoked = await testApp.call({
      ...requestOf(API.auth.revokeRememberToken),
      payload: { rememberToken },
    });
    expect(revoked.status).toBe(200);
    expect((await rememberedLogin(testApp, user.username, rememberToken)).status).toBe(401);
    expect(await auditActions(testApp, 'REMEMBER_TOKEN_REVOKED')).toHaveLength(1);
    // An unknown token answers the same: the call tells nothing.
    const unknown = await testApp.call({
      ...requestOf(API.auth.revokeRememberToken),
      payload: { rememberToken },
    });
    expect(unknown.status).toBe(200);
  });

  it('sends revealable credentials for 5 minutes after verify-password, each time audited', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const payload = {
      accountId: 'CAP-7',
      isDemo: true,
      username: 'trader',
      password: 'broker-secret',
      apikey: 'k',
    };
    await testApp.call({ ...requestOf(API.accounts.add), token: session.jwt, payload });
    const list = async () =>
      (await testApp.call<Account[]>({ ...requestOf(API.accounts.list), token: session.jwt })).body.data[0];

    // Right after a password login: the login handed out no key, so nothing is sent or audited.
    expect(await list()).toMatchObject({ username: '', password: '', apikey: '' });
    expect(await auditActions(testApp, 'CREDENTIALS_REVEALED')).toHaveLength(0);
    testApp.clock.advance(10 * MINUTE);
    expect(await list()).toMatchObject({ username: '', password: '', apikey: '' });

    const verified = await testApp.call<{ revealKey: string }>({
      ...requestOf(API.auth.verifyPassword),
      token: session.jwt,
      payload: { password: DEFAULT_PASSWORD },
    });
    const key = verified.body.data.revealKey;
    testApp.clock.advance(4 * MINUTE);
    expect(reveal((await list())?.password ?? '', key)).toBe('broker-secret');
    const revealed = await auditActions(testApp, 'CREDENTIALS_REVEALED');
    expect(revealed.length).toBeGreaterThan(0);
    expect(JSON.stringify(revealed)).not.toContain('broker-secret');

    testApp.clock.advance(MINUTE + 1);
    const audited = revealed.length;
    expect(await list()).toMatchObject({ username: '', password: '', apikey: '' });
    expect(await auditActions(testApp, 'CREDENTIALS_REVEALED')).toHaveLength(audited);
  });

  it('ends every session and remember token of the user with log out everywhere', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const here = await login(testApp, user);
    const phone = await login(testApp, user, { rememberMe: true });
    const stranger = await login(testApp, await createUser(testApp));

    const everywhere = await testApp.call({
      ...requestOf(API.auth.logoutEverywhere),
      token: here.jwt,
    });
    expect(everywhere.status).toBe(200);
    for (const session of [here, phone]) {
      expect((await me(testApp, session.jwt)).status).toBe(401);
      expect((await refresh(testApp, session.refreshToken)).status).toBe(401);
    }
    expect((await rememberedLogin(testApp, user.username, phone.rememberToken ?? '')).status).toBe(401);
    expect((await me(testApp, stranger.jwt)).status).toBe(200);
    expect(await auditActions(testApp, 'LOGOUT_EVERYWHERE')).toHaveLength(1);
  });
});
