import { INVESTMENT_MESSAGES, type Account, type Investment } from '@platform/contracts';
import { users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

async function setup(testApp: TestApp, options: { ownerIsPro?: boolean } = {}) {
  const admin = await createUser(testApp, { role: 'admin' });
  const owner = await createUser(testApp, { isPro: options.ownerIsPro ?? false });
  const adminToken = (await login(testApp, admin)).jwt;
  const ownerToken = (await login(testApp, owner)).jwt;
  const account = await testApp.call<Account>({
    method: 'POST',
    url: '/api/common/accounts/add',
    token: ownerToken,
    payload: { accountId: `CAP-${owner.id.slice(0, 6)}`, isDemo: true, username: 'u', password: 'p' },
  });
  const algorithm = await testApp.call<{ _id: string }>({
    method: 'POST',
    url: '/api/common/algorithms/add',
    token: adminToken,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 1000 },
  });
  const payload = (overrides: Record<string, unknown> = {}, parameters: Record<string, unknown> = {}) => ({
    accountId: account.body.data._id,
    algorithmId: algorithm.body.data._id,
    capital: 5000,
    parameters: { leverage: 20, size: 1.5, additional: 0.5, maxcontracts: 10, ...parameters },
    ...overrides,
  });
  return { admin, owner, adminToken, ownerToken, payload };
}

const add = (testApp: TestApp, token: string, payload: object) =>
  testApp.call<Investment>({ method: 'POST', url: '/api/common/investments/add', token, payload });

describe('investments', () => {
  it('adds an investment that starts running and that the overview totals read', async () => {
    const testApp = await createTestApp();
    const { owner, ownerToken, payload } = await setup(testApp);
    const created = await add(testApp, ownerToken, payload());
    expect(created.body.data).toMatchObject({
      capital: 5000,
      parameters: { leverage: 20, size: 1.5, additional: 0.5, maxcontracts: 10 },
      isRunning: 1,
      statusMessage: null,
      algorithm: { name: 'Grid GOLD' },
      account: { username: owner.username, owner: { _id: owner.id, isPro: false } },
    });
    const list = await testApp.call<Investment[]>({ method: 'GET', url: '/api/common/investments', token: ownerToken });
    expect(list.body.data).toHaveLength(1);
  });

  it('limits leverage to 20, or 200 for a pro owner, with the spec message', async () => {
    const testApp = await createTestApp();
    const retail = await setup(testApp);
    const tooHigh = await add(testApp, retail.ownerToken, retail.payload({}, { leverage: 21 }));
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error).toBe('Leva massima consentita è 20');

    await testApp.database.db.update(users).set({ isPro: true }).where(eq(users.id, retail.owner.id));
    expect((await add(testApp, retail.ownerToken, retail.payload({}, { leverage: 200 }))).status).toBe(200);
    const overPro = await add(testApp, retail.ownerToken, retail.payload({}, { leverage: 201 }));
    expect(overPro.body.error).toBe('Leva massima consentita è 200');
    const belowOne = await add(testApp, retail.ownerToken, retail.payload({}, { leverage: 0.5 }));
    expect(belowOne.body.error).toBe(INVESTMENT_MESSAGES.leveragePositive);
  });

  it("needs at least the algorithm's minimum capital and positive sizing", async () => {
    const testApp = await createTestApp();
    const { ownerToken, payload } = await setup(testApp);
    const small = await add(testApp, ownerToken, payload({ capital: 999 }));
    expect(small.status).toBe(400);
    expect(small.body.error).toMatch(/^Il capitale minimo per questo algoritmo è 1\.?000,00\s€$/);
    expect((await add(testApp, ownerToken, payload({}, { size: 0 }))).body.error).toBe(INVESTMENT_MESSAGES.sizePositive);
    expect((await add(testApp, ownerToken, payload({}, { maxcontracts: -1 }))).body.error).toBe(INVESTMENT_MESSAGES.maxContractsPositive);
    expect((await add(testApp, ownerToken, payload({ accountId: 'nope' }))).body.error).toBe(INVESTMENT_MESSAGES.accountRequired);
  });

  it("refuses someone else's account and keeps each user to their own investments", async () => {
    const testApp = await createTestApp();
    const first = await setup(testApp);
    const stranger = await createUser(testApp, { role: 'sales' });
    const strangerToken = (await login(testApp, stranger)).jwt;
    const refused = await add(testApp, strangerToken, first.payload());
    expect(refused.body.error).toBe(INVESTMENT_MESSAGES.accountNotFound);

    const mine = await add(testApp, first.ownerToken, first.payload());
    const theirs = await testApp.call<Investment[]>({ method: 'GET', url: '/api/common/investments', token: strangerToken });
    expect(theirs.body.data).toEqual([]);
    const foreignEdit = await testApp.call({ method: 'PATCH', url: `/api/common/investments/edit/${mine.body.data._id}`, token: strangerToken, payload: first.payload() });
    expect(foreignEdit.status).toBe(404);
    const adminSees = await testApp.call<Investment[]>({ method: 'GET', url: '/api/common/investments', token: first.adminToken });
    expect(adminSees.body.data).toHaveLength(1);
  });

  it('edits, then turns deletion into a request (isRunning 3) that cannot be edited further', async () => {
    const testApp = await createTestApp();
    const { ownerToken, payload } = await setup(testApp);
    const created = await add(testApp, ownerToken, payload());
    const id = created.body.data._id;
    const edited = await testApp.call<Investment>({ method: 'PATCH', url: `/api/common/investments/edit/${id}`, token: ownerToken, payload: payload({ capital: 7000 }, { size: 2 }) });
    expect(edited.body.data).toMatchObject({ capital: 7000, parameters: { size: 2 } });

    const deleted = await testApp.call<Investment>({ method: 'PATCH', url: `/api/common/investments/delete/${id}`, token: ownerToken });
    expect(deleted.body.data.isRunning).toBe(3);
    const list = await testApp.call<Investment[]>({ method: 'GET', url: '/api/common/investments', token: ownerToken });
    expect(list.body.data[0]?.isRunning).toBe(3);
    expect((await testApp.call({ method: 'PATCH', url: `/api/common/investments/edit/${id}`, token: ownerToken, payload: payload() })).status).toBe(404);
  });
});
