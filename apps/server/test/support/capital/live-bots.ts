// Bots on a live Capital.com account, as the server runs them, against the fake: investments made
// through the API on one account of the fake (one per market asked for), the server's hub and the
// account's link (capital-links.ts), and each bot a real process (bot-main.ts through tsx) the
// test starts and may kill. Hooks let a test stand in the way of the server's writes and of the
// link's requests, to kill a bot at an exact step of an order.
import type { Account, Investment, Market } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { botOrders, transactions } from '@platform/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { onTestFinished } from 'vitest';
import { requestOf } from '@platform/contracts';
import { botEntryLocation } from '../../../src/bots/host/bot-supervisor';
import { EPICS } from '../../../src/bots/brokers/capital/capital-market';
import { BotHub, botToken } from '../../../src/bots/host/bot-hub';
import { CapitalLinks } from '../../../src/bots/host/capital-links';
import type { OrderRecord } from '../../../src/bots/protocol/hub-protocol';
import { AtRestCipher, deriveKey } from '../../../src/lib/crypto';
import type { BotsService } from '../../../src/modules/bots/bots.service';
import { createUser, login } from '../factories';
import type { AppDeps } from '../../../src/app';
import { createTestApp } from '../test-app';
import type { FakeMarket } from './capital-fake';
import { ACCOUNT, INSTRUMENTS, MARKETS, startFake } from './capital-test-fixtures';

const silent = { info: () => undefined, warn: () => undefined };

/** Polls until the probe answers something (real I/O: processes, sockets); fails after the timeout. */
export async function until<T>(
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

/** Where the test stands in the server's way: each hook answers true to kill the bot there. */
export interface BotHooks {
  /** An intent was written: kill here to kill before its POST. */
  intentWritten?: (order: OrderRecord) => boolean;
  /** A request reached Capital.com and was carried out: kill here to kill before the bot hears the answer. */
  answered?: (method: string, path: string) => boolean;
  /** The bot is about to write a request's reference: kill here to kill before it is written. */
  referenceArriving?: () => boolean;
}

export interface LiveBotsOptions {
  /** One investment of 0.5 lots and 0.5 a level per market, on the one account. */
  markets: readonly Market[];
  /** Changes to the fake's markets (their dealing rules). */
  fakeMarkets?: Partial<Record<string, Partial<FakeMarket>>>;
  /** The fake's requests per second per account: Capital.com's 10 unless said. */
  requestsPerSecond?: number;
  /** The password the account is saved with (a wrong one: the bot cannot log in). */
  password?: string;
  /** More of the app's dependencies (its mailer, the alerts' allow-list). */
  app?: Partial<AppDeps>;
}

export async function liveBots({
  markets,
  fakeMarkets = {},
  requestsPerSecond,
  password,
  app,
}: LiveBotsOptions) {
  // The quotes' minutes come from the fake's clock: each bar is a new minute.
  let offsetMs = 0;
  const fake = await startFake({
    now: () => Date.now() + offsetMs,
    markets: MARKETS.map((market) => ({ ...market, ...fakeMarkets[market.epic] })),
    ...(requestsPerSecond ? { requestsPerSecond } : {}),
  });
  onTestFinished(() => fake.close());
  const encryptionKey = randomBytes(32).toString('hex');
  const testApp = await createTestApp({ encryptionKey, ...app });
  const ownerToken = (await login(testApp, await createUser(testApp))).jwt;
  const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const account = await testApp.call<Account>({
    ...requestOf(API.accounts.add),
    token: ownerToken,
    payload: {
      accountId: 'LIVE-1',
      isDemo: false,
      username: ACCOUNT.identifier,
      password: password ?? ACCOUNT.password,
      apikey: ACCOUNT.apiKey,
    },
  });
  const investments = new Map<Market, string>();
  for (const market of markets) {
    const algorithm = await testApp.call<{ _id: string }>({
      ...requestOf(API.algorithms.add),
      token: adminToken,
      payload: { name: `Grid ${market}`, description: 'Griglia', minCapital: 1000, market },
    });
    const investment = await testApp.call<Investment>({
      ...requestOf(API.investments.add),
      token: ownerToken,
      payload: {
        accountId: account.body.data._id,
        algorithmId: algorithm.body.data._id,
        capital: 10_000,
        parameters: { leverage: 20, size: 0.5, additional: 0.5, maxcontracts: 10 },
      },
    });
    investments.set(market, investment.body.data._id);
  }

  const hooks: BotHooks = {};
  const running = new Map<Market, ChildProcess>();
  const kill = () => {
    for (const bot of running.values()) bot.kill('SIGKILL');
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

  const entry = botEntryLocation(new URL('../../../src/main.ts', import.meta.url).href);
  /** Starts the market's bot process; resolves once it exited. */
  const runBot = (market: Market = markets[0]!) => {
    const investmentId = investments.get(market)!;
    const child = spawn(process.execPath, [...entry.execArgv, entry.file], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: process.env.BOT_DEBUG ? 'info' : 'warn',
        BOT_HUB_HOST: host,
        BOT_HUB_PORT: String(port),
        BOT_INVESTMENT_ID: investmentId,
        BOT_TOKEN: botToken(tokenKey, investmentId),
        BOT_SETTLE_WINDOW_MS: '1500',
      },
      stdio: process.env.BOT_DEBUG ? 'inherit' : 'ignore',
    });
    running.set(market, child);
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    return new Promise<void>((resolve) => child.once('exit', () => resolve()));
  };

  const { db } = testApp.database;
  const orders = (market: Market = markets[0]!) =>
    db
      .select()
      .from(botOrders)
      .where(eq(botOrders.investmentId, investments.get(market)!));
  const written = (market: Market = markets[0]!) =>
    db
      .select()
      .from(transactions)
      .where(eq(transactions.investmentId, investments.get(market)!));
  /** A quote of the market at this bid, its ask the engine's spread over it; an open starts a new bar, a minute after the last. */
  const quote = (kind: 'open' | 'jump', bid: number, market: Market = markets[0]!) => {
    if (kind === 'open') offsetMs += 60_000;
    const { point, spreadPoints } = INSTRUMENTS[market];
    const ask = Math.round((bid + point * spreadPoints) * 1e6) / 1e6;
    fake.pushQuote(EPICS[market].epic, bid, ask, { gap: kind === 'open' });
  };
  return { fake, hooks, runBot, orders, written, quote, investments, testApp, ownerToken, encryptionKey };
}

export type LiveBots = Awaited<ReturnType<typeof liveBots>>;
