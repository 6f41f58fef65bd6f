// The session look-up is cached for a moment (session-cache.ts); these check that a session the
// cache has just answered for is refused on the very next call once it is revoked, whichever way,
// and by another API process on the same database as soon as the revocation's notification
// reaches it (session-revocations.ts).
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { randomBytes } from 'node:crypto';
import { DEFAULT_PASSWORD, createUser, login } from './support/factories';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const me = (testApp: TestApp, token: string) => testApp.call({ ...requestOf(API.auth.me), token });

/** Calls twice, so the second answer came from the cache. */
async function cached(testApp: TestApp, token: string): Promise<void> {
  expect((await me(testApp, token)).status).toBe(200);
  expect((await me(testApp, token)).status).toBe(200);
}

describe('session cache', () => {
  it('refuses a token at once after its logout', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    await cached(testApp, session.jwt);

    await testApp.call({ ...requestOf(API.auth.logout), token: session.jwt, payload: {} });
    expect((await me(testApp, session.jwt)).status).toBe(401);
  });

  it('refuses every session of a user at once when an admin blocks them', async () => {
    const testApp = await createTestApp();
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));
    const user = await createUser(testApp);
    const [first, second] = [await login(testApp, user), await login(testApp, user)];
    await cached(testApp, first.jwt);
    await cached(testApp, second.jwt);

    const review = (status: string) =>
      testApp.call({
        ...requestOf(API.users.review, { id: user.id }),
        token: admin.jwt,
        payload: { status },
      });
    expect((await review('blocked')).status).toBe(200);
    expect((await me(testApp, first.jwt)).status).toBe(401);
    expect((await me(testApp, second.jwt)).status).toBe(401);
    // The admin's own session, cached too, is untouched.
    expect((await me(testApp, admin.jwt)).status).toBe(200);
  });

  it("refuses a user's sessions at once when an admin asks for their deletion", async () => {
    const testApp = await createTestApp();
    const admin = await login(testApp, await createUser(testApp, { role: 'admin' }));
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    await cached(testApp, session.jwt);

    await testApp.call({ ...requestOf(API.users.requestDeletion, { id: user.id }), token: admin.jwt });
    expect((await me(testApp, session.jwt)).status).toBe(401);
  });

  it('refuses the other sessions at once after a password change, and keeps the one that changed it', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const here = await login(testApp, user);
    const elsewhere = await login(testApp, user);
    await cached(testApp, here.jwt);
    await cached(testApp, elsewhere.jwt);

    const changed = await testApp.call({
      ...requestOf(API.auth.changePassword),
      token: here.jwt,
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Brand-new-secret-7',
        confirmPassword: 'Brand-new-secret-7',
      },
    });
    expect(changed.status).toBe(200);
    expect((await me(testApp, elsewhere.jwt)).status).toBe(401);
    expect((await me(testApp, here.jwt)).status).toBe(200);
  });

  it('refuses every session at once after a logout everywhere', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const [first, second] = [await login(testApp, user), await login(testApp, user)];
    await cached(testApp, first.jwt);
    await cached(testApp, second.jwt);

    expect((await testApp.call({ ...requestOf(API.auth.logoutEverywhere), token: first.jwt })).status).toBe(
      200,
    );
    expect((await me(testApp, first.jwt)).status).toBe(401);
    expect((await me(testApp, second.jwt)).status).toBe(401);
  });

  it('still ends a cached session at its absolute lifetime', async () => {
    const testApp = await createTestApp({ sessionMaxHours: 2 });
    const session = await login(testApp, await createUser(testApp));
    testApp.clock.advance(90 * 60 * 1000);
    const refreshed = await testApp.call<{ token: string }>({
      ...requestOf(API.auth.refresh),
      payload: { refreshToken: session.refreshToken },
    });
    await cached(testApp, refreshed.body.data.token);

    // The new access token has half an hour left; the session none.
    testApp.clock.advance(30 * 60 * 1000);
    expect((await me(testApp, refreshed.body.data.token)).status).toBe(401);
  });

  it('refuses a session at another API process on the database as soon as one revokes it', async () => {
    const jwtSecret = randomBytes(32).toString('hex');
    const here = await createTestApp({ jwtSecret });
    // A second app on the same database, with its own session cache, as a second API process.
    const there = await createTestApp({ jwtSecret, database: here.database });
    const admin = await login(here, await createUser(here, { role: 'admin' }));
    const user = await createUser(here);
    const [first, second] = [await login(here, user), await login(here, user)];
    for (const token of [first.jwt, second.jwt]) await cached(there, token);

    await here.call({ ...requestOf(API.auth.logout), token: first.jwt, payload: {} });
    // Within expect.poll's second: its entries would otherwise live five.
    await expect.poll(async () => (await me(there, first.jwt)).status).toBe(401);
    expect((await me(there, second.jwt)).status).toBe(200);

    await here.call({
      ...requestOf(API.users.review, { id: user.id }),
      token: admin.jwt,
      payload: { status: 'blocked' },
    });
    await expect.poll(async () => (await me(there, second.jwt)).status).toBe(401);
  });
});
