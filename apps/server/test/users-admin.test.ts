import { LOGIN_MESSAGES, USER_MESSAGES, requestOf, type ManagedUser } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp, PUBLIC_URL, type TestApp } from './support/test-app';

const form = {
  firstname: 'Luca',
  lastname: 'Neri',
  username: 'luca.neri@example.com',
  role: 'sales',
  eula: { contract: { accepted: true, signedAt: null }, autotrading: { accepted: true, signedAt: null } },
  isPro: true,
};

async function adminSession(testApp: TestApp) {
  const admin = await createUser(testApp, { role: 'admin' });
  return { admin, token: (await login(testApp, admin)).jwt };
}

function inviteToken(testApp: TestApp, address: string): string {
  const link = testApp.mailer.linksTo(address).at(-1) ?? '';
  expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

describe('users (admin)', () => {
  it('creates an approved user and mails the invitation that sets the first password', async () => {
    const testApp = await createTestApp();
    const { token } = await adminSession(testApp);
    const created = await testApp.call<ManagedUser>({ ...requestOf(API.users.add), token, payload: form });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      username: 'luca.neri@example.com',
      role: 'sales',
      isPro: true,
      request: { status: 'approved' },
      hasPassword: false,
      eula: { contract: { accepted: true }, autotrading: { accepted: false, signedAt: null } },
    });
    expect(Date.parse(created.body.data.eula.contract.signedAt ?? '')).not.toBeNaN();

    const set = await testApp.call({
      ...requestOf(API.auth.passwordReset),
      payload: { token: inviteToken(testApp, form.username), newPassword: 'First-own-pass-1' },
    });
    expect(set.body.ok).toBe(true);
    const first = await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: form.username, password: 'First-own-pass-1' },
    });
    expect(first.status).toBe(200);

    const list = await testApp.call<ManagedUser[]>({ ...requestOf(API.users.list), token });
    expect(list.body.data.find((user) => user.username === form.username)?.hasPassword).toBe(true);
  });

  it('refuses a duplicate e-mail and missing names with clear messages', async () => {
    const testApp = await createTestApp();
    const { token } = await adminSession(testApp);
    await testApp.call({ ...requestOf(API.users.add), token, payload: form });
    const again = await testApp.call({ ...requestOf(API.users.add), token, payload: form });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(USER_MESSAGES.duplicate);
    const noName = await testApp.call({
      ...requestOf(API.users.add),
      token,
      payload: { ...form, username: 'x@example.com', firstname: ' ' },
    });
    expect(noName.body.error).toBe(USER_MESSAGES.firstnameRequired);
  });

  it('edits a user and keeps the contract signing time while it stays accepted', async () => {
    const testApp = await createTestApp();
    const { token } = await adminSession(testApp);
    const created = await testApp.call<ManagedUser>({ ...requestOf(API.users.add), token, payload: form });
    testApp.clock.advance(60_000);
    const edited = await testApp.call<ManagedUser>({
      ...requestOf(API.users.update, { id: created.body.data._id }),
      token,
      payload: { ...form, lastname: 'Neri-Bianchi', role: 'user', isPro: false },
    });
    expect(edited.body.data).toMatchObject({ lastname: 'Neri-Bianchi', role: 'user', isPro: false });
    expect(edited.body.data.eula.contract.signedAt).toBe(created.body.data.eula.contract.signedAt);
    const unsigned = await testApp.call<ManagedUser>({
      ...requestOf(API.users.update, { id: created.body.data._id }),
      token,
      payload: { ...form, eula: { contract: { accepted: false }, autotrading: { accepted: false } } },
    });
    expect(unsigned.body.data.eula.contract).toEqual({ accepted: false, signedAt: null });
  });

  it('approves a registration request and mails its invitation', async () => {
    const testApp = await createTestApp();
    const { token } = await adminSession(testApp);
    const prospect = await createUser(testApp, { requestStatus: 'pending', password: null });
    const approved = await testApp.call<ManagedUser>({
      ...requestOf(API.users.review, { id: prospect.id }),
      token,
      payload: { status: 'approved' },
    });
    expect(approved.body.data.request.status).toBe('approved');
    expect(inviteToken(testApp, prospect.username)).not.toBe('');
  });

  it('blocks a user at once and never lets an admin change their own status', async () => {
    const testApp = await createTestApp();
    const { admin, token } = await adminSession(testApp);
    const user = await createUser(testApp);
    const userSession = await login(testApp, user);
    await testApp.call({
      ...requestOf(API.users.review, { id: user.id }),
      token,
      payload: { status: 'blocked' },
    });
    expect((await testApp.call({ ...requestOf(API.auth.me), token: userSession.jwt })).status).toBe(401);

    const own = await testApp.call({
      ...requestOf(API.users.review, { id: admin.id }),
      token,
      payload: { status: 'blocked' },
    });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(USER_MESSAGES.ownStatus);
    const bad = await testApp.call({
      ...requestOf(API.users.review, { id: user.id }),
      token,
      payload: { status: 'deleted' },
    });
    expect(bad.status).toBe(400);
  });

  it('turns deletion into a request that blocks login and keeps the user row', async () => {
    const testApp = await createTestApp();
    const { token } = await adminSession(testApp);
    const user = await createUser(testApp);
    const deleted = await testApp.call<ManagedUser>({
      ...requestOf(API.users.requestDeletion, { id: user.id }),
      token,
    });
    expect(deleted.body.data.deletionRequestedAt).not.toBeNull();
    const attempt = await testApp.call({
      ...requestOf(API.auth.login),
      payload: { username: user.username, password: 'Correct-Horse-9' },
    });
    expect(attempt.body.error).toBe(LOGIN_MESSAGES.blocked);
    const list = await testApp.call<ManagedUser[]>({ ...requestOf(API.users.list), token });
    expect(list.body.data.some((row) => row._id === user.id)).toBe(true);
  });
});
