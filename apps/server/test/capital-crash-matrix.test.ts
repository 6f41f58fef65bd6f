// kill -9 of a bot on Capital.com at each step of an order (issue 32): real bot processes (the
// bundle's source, through tsx), the server's hub and the account's link against the Capital.com
// fake. The bot is killed with SIGKILL before its order's POST, after the POST went out but before
// its answer, after the answer but before the reference was written, and in the middle of closing
// a cycle; a new process starts from what was written. Afterwards the broker holds exactly one
// position per order that filled, nothing was sent twice, and every closed cycle is one transaction.
import type { Account, Investment } from '@platform/contracts';
import { botOrders, transactions } from '@platform/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { botEntryLocation } from '../src/bots/bot-supervisor';
import { BotHub, botToken } from '../src/bots/hub/bot-hub';
import { CapitalLinks } from '../src/bots/hub/capital-links';
import type { OrderRecord } from '../src/bots/hub/hub-protocol';
import { AtRestCipher, deriveKey } from '../src/lib/crypto';
import type { BotsService } from '../src/modules/bots/bots.service';
import type { FakeMarket } from './support/capital/capital-fake';
import { ACCOUNT, MARKETS, startFake } from './support/capital/capital-test-fixtures';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

const silent = { info: () => undefined, warn: () => undefined };

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where a bot is killed, and how: the hooks the test puts in the server's way to the broker and the database. */
interface Hooks {
  /** An intent was written: kill here to kill before its POST. */
  intentWritten?: (order: OrderRecord) => boolean;
  /** A request reached Capital.com and was carried out: kill here to kill before the bot hears the answer. */
  answered?: (method: string, path: string) => boolean;
  /** The bot is about to write a request's reference: kill here to kill before it is written. */
  referenceArriving?: () => boolean;
}

/** A GOLD investment of 0.5 lots and 0.5 a level on a live Capital.com account of the fake, and its bots as processes. */
async function harness(market: Partial<FakeMarket> = {}) {
  // The quotes' minutes come from the fake's clock: each bar is a new minute, an hour on.
  let offsetMs = 0;
  const fake = await startFake({
    now: () => Date.now() + offsetMs,
    markets: [{ ...MARKETS[0]!, ...market }],
  });
  onTestFinished(() => fake.close());
  const encryptionKey = randomBytes(32).toString('hex');
  const testApp = await createTestApp({ encryptionKey });
  const ownerToken = (await login(testApp, await createUser(testApp))).jwt;
  const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const account = await testApp.call<Account>({
    method: 'POST',
    url: '/api/common/accounts/add',
    token: ownerToken,
    payload: {
      accountId: 'LIVE-1',
      isDemo: false,
      username: ACCOUNT.identifier,
      password: ACCOUNT.password,
      apikey: ACCOUNT.apiKey,
    },
  });
  const algorithm = await testApp.call<{ _id: string }>({
    method: 'POST',
    url: '/api/common/algorithms/add',
    token: adminToken,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 1000, market: 'GOLD' },
  });
  const investment = (
    await testApp.call<Investment>({
      method: 'POST',
      url: '/api/common/investments/add',
      token: ownerToken,
      payload: {
        accountId: account.body.data._id,
        algorithmId: algorithm.body.data._id,
        capital: 10_000,
        parameters: { leverage: 20, size: 0.5, additional: 0.5, maxcontracts: 10 },
      },
    })
  ).body.data;

  const hooks: Hooks = {};
  let bot: ChildProcess | null = null;
  const kill = () => {
    bot?.kill('SIGKILL');
  };
  const real = testApp.app.services.bots;
  // The server's side as it is, with the test's hooks in the way.
  const bots = Object.create(real, {
    recordIntent: {
      value: async (id: string, order: OrderRecord) => {
        await real.recordIntent(id, order);
        if (hooks.intentWritten?.(order)) kill();
      },
    },
    sent: {
      value: async (id: string, orderId: string, reference: string) => {
        if (hooks.referenceArriving?.()) return kill();
        await real.sent(id, orderId, reference);
      },
    },
  }) as BotsService;
  const links = new CapitalLinks({
    cipher: new AtRestCipher({ current: encryptionKey, previous: [] }, 'broker-credentials'),
    hosts: { apiUrl: fake.apiUrl, streamUrl: fake.streamUrl },
    logger: silent,
    link: { minLoginIntervalMs: 100, stream: { reconnectMinMs: 20, reconnectMaxMs: 50 } },
  });
  const acquire = links.acquire.bind(links);
  links.acquire = (setup) => {
    const link = acquire(setup);
    const request = link.request.bind(link);
    link.request = async (method, path, extra) => {
      const answer = await request(method, path, extra);
      if (hooks.answered?.(method, path)) kill();
      return answer;
    };
    return link;
  };
  onTestFinished(() => links.close());
  const tokenKey = deriveKey(encryptionKey, 'bot-hub');
  const hub = new BotHub(bots, tokenKey, silent, links);
  const { host, port } = await hub.listen();
  onTestFinished(() => hub.close());

  const entry = botEntryLocation(new URL('../src/main.ts', import.meta.url).href);
  /** Starts the investment's bot process; resolves once it exited. */
  const runBot = () => {
    const child = spawn(process.execPath, [...entry.execArgv, entry.file], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: process.env.BOT_DEBUG ? 'info' : 'warn',
        BOT_HUB_HOST: host,
        BOT_HUB_PORT: String(port),
        BOT_INVESTMENT_ID: investment._id,
        BOT_TOKEN: botToken(tokenKey, investment._id),
        BOT_SETTLE_WINDOW_MS: '1500',
      },
      stdio: process.env.BOT_DEBUG ? 'inherit' : 'ignore',
    });
    bot = child;
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    return new Promise<void>((resolve) => child.once('exit', () => resolve()));
  };

  const { db } = testApp.database;
  const orders = () => db.select().from(botOrders).where(eq(botOrders.investmentId, investment._id));
  const written = () => db.select().from(transactions).where(eq(transactions.investmentId, investment._id));
  /** A quote on GOLD; an open starts a new bar, a minute after the last. */
  const quote = (kind: 'open' | 'jump', bid: number) => {
    if (kind === 'open') offsetMs += 60_000;
    fake.pushQuote('GOLD', bid, Math.round((bid + 0.3) * 100) / 100, { gap: kind === 'open' });
  };
  /** The bot is trading: it asked for its quotes, and pushing one reaches it. */
  const trading = () => until('the bot to take quotes', () => fake.stream.subscriptions > 0);
  return { fake, hooks, runBot, orders, written, quote, trading, investmentId: investment._id };
}

type Harness = Awaited<ReturnType<typeof harness>>;

/** Nothing doubled: one broker position per filled entry of the open cycle, one transaction per closed cycle. */
async function expectNothingDoubled({ fake, orders, written }: Harness) {
  const all = await orders();
  const closes = all.filter((order) => order.kind === 'close' && order.status === 'filled');
  const closedCycles = new Set(closes.map((order) => order.cycleId));
  const open = all.filter(
    (order) => order.kind === 'open' && order.status === 'filled' && !closedCycles.has(order.cycleId),
  );
  expect(
    fake
      .positionsOf(ACCOUNT.apiKey)
      .map((position) => position.dealId)
      .sort(),
  ).toEqual(open.map((order) => order.dealId).sort());
  expect(await written()).toHaveLength(closedCycles.size);
  expect(all.filter((order) => order.status === 'intent')).toEqual([]);
}

/**
 * The fall to 1996.9 fills the resting level at the broker; the bot has handled it once the next
 * level rests and the cycle's take profit moved on the first position.
 */
async function fillFirstLevel(h: Harness) {
  const moved = () =>
    h.fake.requests.filter((request) => request.method === 'PUT' && request.status === 200).length;
  const before = moved();
  h.quote('jump', 1996.9);
  await until('the level filled', () => h.fake.positionsOf(ACCOUNT.apiKey).length === 2);
  await until(
    'the bot to rest the next level and move the take profit',
    () => h.fake.workingOrdersOf(ACCOUNT.apiKey).some((order) => order.level === 1994.3) && moved() > before,
  );
}

/** The rise to 2004 passes the cycle's take profit (2003.8): the cycle is written. */
async function closeAtTakeProfit(h: Harness) {
  h.quote('jump', 2004);
  await until('the cycle written', async () => (await h.written()).length === 1);
}

/** Opens a cycle, fills its first level at the broker, and closes it at its take profit. */
async function tradeOneCycle(h: Harness) {
  h.quote('open', 2000);
  await until('the entry', async () => (await h.orders()).some((order) => order.status === 'working'));
  await fillFirstLevel(h);
  await closeAtTakeProfit(h);
}

describe.runIf(process.env.TEST_DB !== 'postgres')('kill -9 of a bot on Capital.com', () => {
  it('before the POST: the intent is settled as never sent, and the next bar opens the cycle once', async () => {
    const h = await harness();
    h.hooks.intentWritten = (order) => order.kind === 'open' && order.level === 0;
    const died = h.runBot();
    await h.trading();
    h.quote('open', 2000);
    await died;
    expect(h.fake.count('POST', '/api/v1/positions')).toBe(0);
    h.hooks.intentWritten = undefined;

    void h.runBot();
    await until('the intent settled', async () =>
      (await h.orders()).every((order) => order.status === 'failed'),
    );
    await until('the new bot taking quotes', () => h.fake.stream.subscriptions > 1);
    await tradeOneCycle(h);

    expect(h.fake.count('POST', '/api/v1/positions')).toBe(1);
    await expectNothingDoubled(h);
  });

  it('after the POST, before its answer: the position it opened is found and becomes the entry, not a second one', async () => {
    const h = await harness();
    h.hooks.answered = (method, path) => method === 'POST' && path === '/api/v1/positions';
    const died = h.runBot();
    await h.trading();
    h.quote('open', 2000);
    await died;
    h.hooks.answered = undefined;
    expect(h.fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);

    void h.runBot();
    await until('the entry found', async () => (await h.orders()).some((order) => order.status === 'filled'));
    await until('its level resting', () => h.fake.workingOrdersOf(ACCOUNT.apiKey).length === 1);
    const [entry] = await h.orders();
    expect(entry).toMatchObject({
      status: 'filled',
      dealId: h.fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId,
      fillPrice: 2000.3,
    });
    await until('the new bot taking quotes', () => h.fake.stream.subscriptions > 1);
    await fillFirstLevel(h);
    await closeAtTakeProfit(h);

    expect(h.fake.count('POST', '/api/v1/positions')).toBe(1);
    await expectNothingDoubled(h);
  });

  it('after the answer, before the reference is written: the same, without the reference', async () => {
    const h = await harness();
    h.hooks.referenceArriving = () => true;
    const died = h.runBot();
    await h.trading();
    h.quote('open', 2000);
    await died;
    h.hooks.referenceArriving = undefined;
    const [intent] = await h.orders();
    expect(intent).toMatchObject({ status: 'intent', dealReference: null });

    void h.runBot();
    await until('the entry found', async () => (await h.orders()).some((order) => order.status === 'filled'));
    await until('the new bot taking quotes', () => h.fake.stream.subscriptions > 1);
    await until('its level resting', () => h.fake.workingOrdersOf(ACCOUNT.apiKey).length === 1);
    await fillFirstLevel(h);
    await closeAtTakeProfit(h);

    expect(h.fake.count('POST', '/api/v1/positions')).toBe(1);
    await expectNothingDoubled(h);
  });

  it('during a close: the rest of the cycle is closed by the next process and the cycle written once', async () => {
    // Capital.com keeps take profits 8.0 from the price: the grid's (5.0 and less) lie nearer, so
    // the broker holds them farther, and the bot closes the cycle itself at its own take profit.
    const h = await harness({ minStopDistance: { unit: 'POINTS', value: 8 } });
    const died = h.runBot();
    await h.trading();
    h.quote('open', 2000);
    await until('the level resting', () => h.fake.workingOrdersOf(ACCOUNT.apiKey).length === 1);
    await fillFirstLevel(h);
    h.hooks.answered = (method, path) => method === 'DELETE' && path.startsWith('/api/v1/positions/');
    h.quote('jump', 2004);
    await died;
    h.hooks.answered = undefined;
    expect(h.fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
    expect(await h.written()).toEqual([]);

    void h.runBot();
    await until('the cycle written', async () => (await h.written()).length === 1);
    const [cycle] = await h.written();
    expect(cycle).toMatchObject({ lots: 1, reason: 'take-profit', entryPrice: 1998.8 });
    await until(
      'the stale working order taken back',
      () => h.fake.workingOrdersOf(ACCOUNT.apiKey).length === 0,
    );
    expect(h.fake.count('DELETE', /^\/api\/v1\/positions\//)).toBe(2);
    await expectNothingDoubled(h);
  });
});
