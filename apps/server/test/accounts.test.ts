import { ACCOUNT_MESSAGES, CIPHERTEXT_PATTERN, requestOf, type Account } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { accounts } from '@platform/db';
import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

/** What the browser does with WebCrypto after Verify. */
function reveal(ciphertext: string, revealKey: string): string {
  const [ivHex, bodyHex] = ciphertext.split(':') as [string, string];
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(revealKey, 'hex'), Buffer.from(ivHex, 'hex'));
  return Buffer.concat([decipher.update(Buffer.from(bodyHex, 'hex')), decipher.final()]).toString('utf8');
}

const revealKeyOf = async (testApp: TestApp, token: string) =>
  (
    await testApp.call<{ revealKey: string }>({
      ...requestOf(API.auth.verifyPassword),
      token,
      payload: { password: DEFAULT_PASSWORD },
    })
  ).body.data.revealKey;

const newAccount = {
  accountId: 'CAP-1001',
  isDemo: true,
  brokerName: 'Whatever',
  username: 'trader.one',
  password: 'broker-secret',
  apikey: 'key-123',
};

describe('accounts', () => {
  it('stores credentials encrypted and reveals them only under the session key', async () => {
    const testApp = await createTestApp();
    const user = await createUser(testApp);
    const session = await login(testApp, user);
    const created = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token: session.jwt,
      payload: newAccount,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      accountId: 'CAP-1001',
      isDemo: true,
      brokerName: 'Capital.com',
      owner: { _id: user.id },
    });

    const [stored] = await testApp.database.db.select().from(accounts);
    expect(JSON.stringify(stored)).not.toContain('broker-secret');
    expect(JSON.stringify(stored)).not.toContain('trader.one');

    // The list carries credentials under the key of the verify-password before it.
    const key = await revealKeyOf(testApp, session.jwt);
    const list = await testApp.call<Account[]>({ ...requestOf(API.accounts.list), token: session.jwt });
    const [account] = list.body.data;
    expect(account?.password).toMatch(CIPHERTEXT_PATTERN);
    expect(reveal(account?.username ?? '', key)).toBe('trader.one');
    expect(reveal(account?.password ?? '', key)).toBe('broker-secret');
    expect(reveal(account?.apikey ?? '', key)).toBe('key-123');

    // Another session of the same user gets another key: this ciphertext does not open with it.
    const otherKey = await revealKeyOf(testApp, (await login(testApp, user)).jwt);
    const withOtherKey = () => {
      try {
        return reveal(account?.password ?? '', otherKey);
      } catch {
        return null; // almost always: the padding does not check out
      }
    };
    expect(withOtherKey()).not.toBe('broker-secret');
  });

  it('keeps users to their own accounts and lets an admin choose the owner', async () => {
    const testApp = await createTestApp();
    const anna = await createUser(testApp, { firstname: 'Anna' });
    const bruno = await createUser(testApp, { firstname: 'Bruno', role: 'sales' });
    const admin = await createUser(testApp, { role: 'admin' });
    const annaToken = (await login(testApp, anna)).jwt;
    const brunoToken = (await login(testApp, bruno)).jwt;
    const adminToken = (await login(testApp, admin)).jwt;

    // A user cannot give an account to someone else: the owner field is ignored.
    const own = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token: annaToken,
      payload: { ...newAccount, owner: bruno.id },
    });
    expect(own.body.data.owner._id).toBe(anna.id);
    const assigned = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token: adminToken,
      payload: { ...newAccount, accountId: 'CAP-2002', owner: bruno.id },
    });
    expect(assigned.body.data.owner._id).toBe(bruno.id);
    const ownerless = await testApp.call({
      ...requestOf(API.accounts.add),
      token: adminToken,
      payload: { ...newAccount, accountId: 'CAP-3003' },
    });
    expect(ownerless.body.error).toBe(ACCOUNT_MESSAGES.ownerRequired);

    const brunoSees = await testApp.call<Account[]>({ ...requestOf(API.accounts.list), token: brunoToken });
    expect(brunoSees.body.data.map((account) => account.accountId)).toEqual(['CAP-2002']);
    const adminSees = await testApp.call<Account[]>({ ...requestOf(API.accounts.list), token: adminToken });
    expect(adminSees.body.data).toHaveLength(2);

    const foreignEdit = await testApp.call({
      ...requestOf(API.accounts.edit, { id: own.body.data._id }),
      token: brunoToken,
      payload: { ...newAccount, accountId: 'STOLEN' },
    });
    expect(foreignEdit.status).toBe(404);
    const foreignDelete = await testApp.call({
      ...requestOf(API.accounts.remove, { id: own.body.data._id }),
      token: brunoToken,
    });
    expect(foreignDelete.status).toBe(404);
  });

  it('edits without the secrets when they were not unlocked, and with them when sent', async () => {
    const testApp = await createTestApp();
    const session = await login(testApp, await createUser(testApp));
    const created = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token: session.jwt,
      payload: newAccount,
    });
    const id = created.body.data._id;
    const key = await revealKeyOf(testApp, session.jwt);

    const locked = await testApp.call<Account>({
      ...requestOf(API.accounts.edit, { id }),
      token: session.jwt,
      payload: { accountId: 'CAP-1001-B', isDemo: false },
    });
    expect(locked.body.data).toMatchObject({ accountId: 'CAP-1001-B', isDemo: false });
    expect(reveal(locked.body.data.password, key)).toBe('broker-secret');

    const unlocked = await testApp.call<Account>({
      ...requestOf(API.accounts.edit, { id }),
      token: session.jwt,
      payload: { accountId: 'CAP-1001-B', isDemo: false, username: 'trader.two', password: 'new-secret' },
    });
    expect(reveal(unlocked.body.data.username, key)).toBe('trader.two');
    expect(reveal(unlocked.body.data.password, key)).toBe('new-secret');
    expect(reveal(unlocked.body.data.apikey ?? '', key)).toBe('key-123');
  });

  it('needs the required fields and a unique broker account id', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp))).jwt;
    const cases: [Record<string, unknown>, string][] = [
      [{ accountId: ' ' }, ACCOUNT_MESSAGES.accountIdRequired],
      [{ username: '' }, ACCOUNT_MESSAGES.usernameRequired],
      [{ password: '' }, ACCOUNT_MESSAGES.passwordRequired],
    ];
    for (const [override, message] of cases) {
      const answer = await testApp.call({
        ...requestOf(API.accounts.add),
        token,
        payload: { ...newAccount, ...override },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    await testApp.call({ ...requestOf(API.accounts.add), token, payload: newAccount });
    const duplicate = await testApp.call({ ...requestOf(API.accounts.add), token, payload: newAccount });
    expect(duplicate.status).toBe(409);
    expect(await testApp.database.db.select().from(accounts)).toHaveLength(1);
  });

  it('refuses to delete an account that live investments use', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const token = (await login(testApp, admin)).jwt;
    const account = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token,
      payload: { ...newAccount, owner: admin.id },
    });
    const algorithm = await testApp.call<{ _id: string }>({
      ...requestOf(API.algorithms.add),
      token,
      payload: { name: 'Grid', description: 'Griglia', minCapital: 100 },
    });
    const investment = await testApp.call<{ _id: string }>({
      ...requestOf(API.investments.add),
      token,
      payload: {
        accountId: account.body.data._id,
        algorithmId: algorithm.body.data._id,
        capital: 1000,
        parameters: { leverage: 10, size: 1.5, additional: 0.5, maxcontracts: 5 },
      },
    });
    const refused = await testApp.call({
      ...requestOf(API.accounts.remove, { id: account.body.data._id }),
      token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ACCOUNT_MESSAGES.inUse);

    await testApp.call({
      ...requestOf(API.investments.requestDeletion, { id: investment.body.data._id }),
      token,
    });
    const deleted = await testApp.call({
      ...requestOf(API.accounts.remove, { id: account.body.data._id }),
      token,
    });
    expect(deleted.body).toEqual({ ok: true, data: null });
    expect(await testApp.database.db.select().from(accounts)).toHaveLength(0);
  });
});
