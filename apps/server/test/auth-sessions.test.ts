import type { RefreshResponse } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const refresh = (testApp: TestApp, refreshToken: string) =>
  testApp.call<RefreshResponse>({ ...requestOf(API.auth.refresh), payload: { refreshToken } });
const me = (testApp: TestApp, token: string) => testApp.call({ ...requestOf(API.auth.me), token });

describe('sessions', () => {
  it('rotates the refresh token: the new pair works, the old refresh token is spent', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    testApp.clock.advance(1000);
    const rotated = await refresh(testApp, session.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.refreshToken).not.toBe(session.refreshToken);
    expect(rotated.body.data.token).not.toBe(session.jwt);
    expect((await me(testApp, rotated.body.data.token)).status).toBe(200);

    const again = await refresh(testApp, rotated.body.data.refreshToken);
    expect(again.status).toBe(200);
  });

  it('ends the whole session when a spent refresh token comes back', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const rotated = await refresh(testApp, session.refreshToken);

    const reuse = await refresh(testApp, session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.ok).toBe(false);
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(testApp, rotated.body.data.refreshToken)).status).toBe(401);
    expect((await me(testApp, rotated.body.data.token)).status).toBe(401);
  });

  it('leaves other sessions of the same user alone when one is revoked', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const laptop = await login(testApp, user);
    const phone = await login(testApp, user);
    await refresh(testApp, laptop.refreshToken);
    await refresh(testApp, laptop.refreshToken);
    expect((await me(testApp, laptop.jwt)).status).toBe(401);
    expect((await me(testApp, phone.jwt)).status).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    expect((await refresh(testApp, 'not-a-token')).status).toBe(401);
    testApp.clock.advance(15 * 24 * 60 * 60 * 1000);
    expect((await refresh(testApp, session.refreshToken)).status).toBe(401);
  });

  it('refuses an access token after its hour', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    testApp.clock.advance(59 * 60 * 1000);
    expect((await me(testApp, session.jwt)).status).toBe(200);
    testApp.clock.advance(2 * 60 * 1000);
    const expired = await me(testApp, session.jwt);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('Sessione non valida o scaduta. Effettua di nuovo il login.');
  });

  it('refuses tampered tokens and missing headers', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const [header, payload] = session.jwt.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await me(testApp, forged)).status).toBe(401);
    expect((await testApp.call({ ...requestOf(API.auth.me) })).status).toBe(401);
    const otherSecret = await createTestApp();
    const foreign = await login(otherSecret, await createUser(otherSecret));
    expect((await me(testApp, foreign.jwt)).status).toBe(401);
  });

  it('logs out: the access and refresh tokens stop working', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const out = await testApp.call({
      ...requestOf(API.auth.logout),
      token: session.jwt,
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.body).toEqual({ ok: true, data: null });
    expect((await me(testApp, session.jwt)).status).toBe(401);
    expect((await refresh(testApp, session.refreshToken)).status).toBe(401);
  });

  it('ends the sessions of a user who is blocked meanwhile', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    await testApp.database.db.update(users).set({ requestStatus: 'blocked' }).where(eq(users.id, user.id));
    expect((await me(testApp, session.jwt)).status).toBe(401);
    expect((await refresh(testApp, session.refreshToken)).status).toBe(401);
  });
});
