import { INVESTMENT_MESSAGES, requestOf, type Account, type Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs, investments, users } from '@platform/db';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

async function setup(testApp: TestApp, options: { ownerIsPro?: boolean } = {}) {
  const admin = await createUser(testApp, { role: 'admin' });
  const owner = await createUser(testApp, { isPro: options.ownerIsPro ?? false });
  const adminToken = (await login(testApp, admin)).jwt;
  const ownerToken = (await login(testApp, owner)).jwt;
  const account = await testApp.call<Account>({
    ...requestOf(API.accounts.add),
    token: ownerToken,
    payload: { accountId: `CAP-${owner.id.slice(0, 6)}`, isDemo: true, username: 'u', password: 'p' },
  });
  const algorithm = await testApp.call<{ _id: string }>({
    ...requestOf(API.algorithms.add),
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
  testApp.call<Investment>({ ...requestOf(API.investments.add), token, payload });

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
    const list = await testApp.call<Investment[]>({ ...requestOf(API.investments.list), token: ownerToken });
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
    expect((await add(testApp, ownerToken, payload({}, { size: 0 }))).body.error).toBe(
      INVESTMENT_MESSAGES.sizePositive,
    );
    expect((await add(testApp, ownerToken, payload({}, { maxcontracts: -1 }))).body.error).toBe(
      INVESTMENT_MESSAGES.maxContractsPositive,
    );
    expect((await add(testApp, ownerToken, payload({ accountId: 'nope' }))).body.error).toBe(
      INVESTMENT_MESSAGES.accountRequired,
    );
  });

  it("refuses someone else's account and keeps each user to their own investments", async () => {
    const testApp = await createTestApp();
    const first = await setup(testApp);
    const stranger = await createUser(testApp, { role: 'sales' });
    const strangerToken = (await login(testApp, stranger)).jwt;
    const refused = await add(testApp, strangerToken, first.payload());
    expect(refused.body.error).toBe(INVESTMENT_MESSAGES.accountNotFound);

    const mine = await add(testApp, first.ownerToken, first.payload());
    const theirs = await testApp.call<Investment[]>({
      ...requestOf(API.investments.list),
      token: strangerToken,
    });
    expect(theirs.body.data).toEqual([]);
    const foreignEdit = await testApp.call({
      ...requestOf(API.investments.edit, { id: mine.body.data._id }),
      token: strangerToken,
      payload: first.payload(),
    });
    expect(foreignEdit.status).toBe(404);
    const adminSees = await testApp.call<Investment[]>({
      ...requestOf(API.investments.list),
      token: first.adminToken,
    });
    expect(adminSees.body.data).toHaveLength(1);
  });

  it('edits, then turns deletion into a request (isRunning 3) that cannot be edited further', async () => {
    const testApp = await createTestApp();
    const { ownerToken, payload } = await setup(testApp);
    const created = await add(testApp, ownerToken, payload());
    const id = created.body.data._id;
    const edited = await testApp.call<Investment>({
      ...requestOf(API.investments.edit, { id }),
      token: ownerToken,
      payload: payload({ capital: 7000 }, { size: 2 }),
    });
    expect(edited.body.data).toMatchObject({ capital: 7000, parameters: { size: 2 } });

    const deleted = await testApp.call<Investment>({
      ...requestOf(API.investments.requestDeletion, { id }),
      token: ownerToken,
    });
    expect(deleted.body.data.isRunning).toBe(3);
    const list = await testApp.call<Investment[]>({ ...requestOf(API.investments.list), token: ownerToken });
    expect(list.body.data[0]?.isRunning).toBe(3);
    expect(
      (
        await testApp.call({
          ...requestOf(API.investments.edit, { id }),
          token: ownerToken,
          payload: payload(),
        })
      ).status,
    ).toBe(404);
  });
});

/** The supervisor as the services see it: which investments it was told changed. */
function recordingBots() {
  const changed: string[] = [];
  return {
    changed,
    control: { investmentChanged: (id: string) => void changed.push(id), accountChanged: () => undefined },
  };
}

/** The PATCH calls that change an investment's state, by its id. */
type StateChange = (typeof API.investments)['start' | 'stop' | 'requestDeletion'];
const patch = (testApp: TestApp, token: string, endpoint: StateChange, id: string) =>
  testApp.call<Investment>({ ...requestOf(endpoint, { id }), token });

describe('starting and stopping an investment', () => {
  it('stops and starts its bot, clearing the reason, audited, and telling the supervisor', async () => {
    const bots = recordingBots();
    const testApp = await createTestApp({ botControl: bots.control });
    const { ownerToken, adminToken, payload } = await setup(testApp);
    const id = (await add(testApp, ownerToken, payload())).body.data._id;
    await testApp.database.db
      .update(investments)
      .set({ isRunning: 2, statusMessage: 'Credenziali non valide' })
      .where(eq(investments.id, id));

    const stopped = await patch(testApp, ownerToken, API.investments.stop, id);
    expect(stopped.body.data).toMatchObject({ isRunning: 0, statusMessage: null });
    const started = await patch(testApp, adminToken, API.investments.start, id);
    expect(started.body.data).toMatchObject({ isRunning: 1, statusMessage: null });
    expect(bots.changed).toEqual([id, id, id]);

    // Starting a running one, or stopping a stopped one, changes nothing and restarts no bot.
    await testApp.database.db
      .update(investments)
      .set({ statusMessage: 'Mercato GOLD chiuso' })
      .where(eq(investments.id, id));
    expect((await patch(testApp, ownerToken, API.investments.start, id)).body.data.statusMessage).toBe(
      'Mercato GOLD chiuso',
    );
    await patch(testApp, ownerToken, API.investments.stop, id);
    expect((await patch(testApp, ownerToken, API.investments.stop, id)).body.data.isRunning).toBe(0);
    expect(bots.changed).toHaveLength(4);

    const rows = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['INVESTMENT_STARTED', 'INVESTMENT_STOPPED']));
    expect(rows.map((row) => [row.action, row.metadata])).toEqual([
      ['INVESTMENT_STOPPED', { investmentId: id }],
      ['INVESTMENT_STARTED', { investmentId: id }],
      ['INVESTMENT_STOPPED', { investmentId: id }],
    ]);
  });

  it("answers 404 for someone else's investment (sales included) and one being deleted, and 4xx for a bad id", async () => {
    const testApp = await createTestApp();
    const { ownerToken, payload } = await setup(testApp);
    const id = (await add(testApp, ownerToken, payload())).body.data._id;
    const sales = (await login(testApp, await createUser(testApp, { role: 'sales' }))).jwt;
    for (const action of ['start', 'stop'] as const) {
      const foreign = await patch(testApp, sales, API.investments[action], id);
      expect(foreign).toMatchObject({
        status: 404,
        body: { ok: false, error: INVESTMENT_MESSAGES.notFound },
      });
      const bad = await patch(testApp, ownerToken, API.investments[action], 'not-an-id');
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
      expect(bad.body.ok).toBe(false);
    }
    await patch(testApp, ownerToken, API.investments.requestDeletion, id);
    for (const action of ['start', 'stop'] as const)
      expect((await patch(testApp, ownerToken, API.investments[action], id)).status).toBe(404);
    const [row] = await testApp.database.db.select().from(investments).where(eq(investments.id, id));
    expect(row?.isRunning).toBe(3);
  });
});

describe('one running investment per Capital.com account and market', () => {
  /** An owner's account (live unless isDemo) and algorithms on GOLD and NASDAQ. */
  async function capitalSetup(testApp: TestApp, isDemo = false) {
    const base = await setup(testApp);
    const account = await testApp.call<Account>({
      ...requestOf(API.accounts.add),
      token: base.ownerToken,
      payload: {
        accountId: `LIVE-${base.owner.id.slice(0, 6)}`,
        isDemo,
        username: 'u',
        password: 'p',
        apikey: 'k',
      },
    });
    const nasdaq = await testApp.call<{ _id: string }>({
      ...requestOf(API.algorithms.add),
      token: base.adminToken,
      payload: { name: 'Grid NASDAQ', description: 'Griglia', minCapital: 1000, market: 'NASDAQ' },
    });
    const on = (market: 'GOLD' | 'NASDAQ', overrides: Record<string, unknown> = {}) =>
      base.payload({
        accountId: account.body.data._id,
        ...(market === 'NASDAQ' ? { algorithmId: nasdaq.body.data._id } : {}),
        ...overrides,
      });
    return { ...base, accountId: account.body.data.accountId, on };
  }

  it('refuses a second running bot on the same live account and market, wherever it would start', async () => {
    const testApp = await createTestApp();
    const { ownerToken, accountId, on } = await capitalSetup(testApp);
    const refusal = INVESTMENT_MESSAGES.capitalOnePerMarket(accountId, 'GOLD');
    expect(refusal).toBe(
      `Su Capital.com un account può avere un solo investimento attivo per mercato: l'account ${accountId} ne ha già uno su GOLD.`,
    );
    const first = (await add(testApp, ownerToken, on('GOLD'))).body.data._id;

    // Create: refused, and nothing written.
    const second = await add(testApp, ownerToken, on('GOLD', { capital: 6000 }));
    expect(second).toMatchObject({ status: 400, body: { ok: false, error: refusal } });
    expect(await testApp.database.db.select().from(investments).where(eq(investments.capital, 6000))).toEqual(
      [],
    );
    // Another market on the same account is another bot's; moved to GOLD while it runs, it is refused.
    const nasdaq = (await add(testApp, ownerToken, on('NASDAQ'))).body.data._id;
    const edit = (market: 'GOLD' | 'NASDAQ') =>
      testApp.call({
        ...requestOf(API.investments.edit, { id: nasdaq }),
        token: ownerToken,
        payload: on(market),
      });
    expect(await edit('GOLD')).toMatchObject({ status: 400, body: { ok: false, error: refusal } });
    // An edit that would restart a failed one on GOLD: refused, nothing written.
    await testApp.database.db.update(investments).set({ isRunning: 2 }).where(eq(investments.id, nasdaq));
    expect((await edit('GOLD')).body.error).toBe(refusal);
    const [kept] = await testApp.database.db.select().from(investments).where(eq(investments.id, nasdaq));
    expect(kept).toMatchObject({ isRunning: 2, capital: 5000 });
    // Stopped, it may be moved to GOLD, but not started there.
    await patch(testApp, ownerToken, API.investments.stop, nasdaq);
    expect((await edit('GOLD')).status).toBe(200);
    expect((await patch(testApp, ownerToken, API.investments.start, nasdaq)).body.error).toBe(refusal);
    // The monitoring view's restart (InvestmentsService.switchRunning) is refused the same way.
    await expect(testApp.app.services.investments.switchRunning(nasdaq, true)).rejects.toThrow(refusal);

    // Once the first stops, the other may run; then the first may not.
    await patch(testApp, ownerToken, API.investments.stop, first);
    expect((await patch(testApp, ownerToken, API.investments.start, nasdaq)).body.data.isRunning).toBe(1);
    expect((await patch(testApp, ownerToken, API.investments.start, first)).body.error).toBe(refusal);
    await expect(testApp.app.services.investments.switchRunning(first, true)).rejects.toThrow(refusal);
    expect(await testApp.app.services.investments.switchRunning(first, false)).toBe(true);
  });

  it('limits a demo account only when DEMO_BROKER sends it to Capital.com', async () => {
    const paper = await createTestApp();
    const onPaper = await capitalSetup(paper, true);
    for (let count = 0; count < 2; count++)
      expect((await add(paper, onPaper.ownerToken, onPaper.on('GOLD'))).status).toBe(200);

    const capital = await createTestApp({ demoBroker: 'capital' });
    const onCapital = await capitalSetup(capital, true);
    expect((await add(capital, onCapital.ownerToken, onCapital.on('GOLD'))).status).toBe(200);
    expect((await add(capital, onCapital.ownerToken, onCapital.on('GOLD'))).body.error).toBe(
      INVESTMENT_MESSAGES.capitalOnePerMarket(onCapital.accountId, 'GOLD'),
    );
  });
});
