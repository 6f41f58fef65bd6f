// A bot on the Capital.com adapter against the loopback fake (Capital.com's documented shapes):
// wrong credentials stop it with a clear message after one login; a refused deal stops it with
// the broker's reason and nothing half-written; the stream's quotes drive its decisions. Every
// position holds its cycle's stop at Capital.com, and what the broker closed by itself or a person
// closed by hand is written as the cycle's close, running or after a restart.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CapitalFake } from '../../test/support/capital/capital-fake';
import { CREDENTIALS_MESSAGE } from './brokers/capital/capital-problems';
import { ACCOUNT, brokerOn, startFake } from '../../test/support/capital/capital-test-fixtures';
import { GridBot } from './grid-bot';
import type { BotSetup, PriceEvent } from './hub/hub-protocol';
import type { GridParams } from '@platform/engine';
import { MemoryLedger } from '../../test/support/bots/memory-ledger';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function setup(ledger: MemoryLedger, params: Partial<GridParams> = {}): BotSetup {
  return {
    investmentId: 'live-investment',
    market: 'GOLD',
    params: {
      size: 0.5,
      addizionale: 0.5,
      mediazione: 30,
      target: 50,
      multiplier: 1,
      worst: 300,
      safeWorst: 400,
      capital: 10_000,
      leverage: 20,
      dynamic: false,
      close: false,
      ...params,
    },
    instrument: { point: 0.1, contractSize: 100, spreadPoints: 3 },
    maxLots: 1000,
    fx: { firstDay: 0, rates: [] },
    broker: { kind: 'capital', demo: true, accountRowId: '', identifier: '', password: '', apiKey: null },
    realisedEur: ledger.realisedEur,
    openOrders: ledger.openOrders(),
  };
}

/** A bot started again on the account with the ledger's records; it must not halt on starting. */
async function startedAgain(
  fake: CapitalFake,
  ledger: MemoryLedger,
  params: Partial<GridParams> = {},
): Promise<GridBot> {
  const broker = brokerOn(fake);
  onTestFinished(() => broker.disconnect());
  const bot = new GridBot(setup(ledger, params), broker, ledger, { logger: silent });
  await bot.start();
  expect(bot.halted).toBeNull();
  return bot;
}

const price = (kind: PriceEvent['kind'], value: number): PriceEvent => ({
  market: 'GOLD',
  kind,
  price: value,
  time: Date.now(),
  sourceTime: Date.now(),
});

describe('a bot on Capital.com', () => {
  it('stops with a clear message on wrong credentials, after a single login attempt', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const broker = brokerOn(fake, { credentials: { ...ACCOUNT, password: 'wrong' } });
    const bot = new GridBot(setup(ledger), broker, ledger, { logger: silent });
    await bot.start();
    bot.onPrice(price('open', 2000));
    await bot.idle();
    expect(bot.halted).toBe(CREDENTIALS_MESSAGE);
    expect(ledger.haltedWith).toBe(CREDENTIALS_MESSAGE);
    expect(fake.count('POST', '/api/v1/session')).toBe(1);
    expect(ledger.orders.size).toBe(0);
  });

  it("opens its cycle at the broker, then stops with the broker's reason when a deal is refused, leaving the order failed", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const broker = brokerOn(fake);
    onTestFinished(() => broker.disconnect());
    const bot = new GridBot(setup(ledger), broker, ledger, { logger: silent, attempts: 1 });
    await bot.start();
    expect(bot.halted).toBeNull();

    bot.onPrice(price('open', 2000));
    await bot.idle();
    const [entry] = [...ledger.orders.values()];
    expect(entry).toMatchObject({ kind: 'open', level: 0, status: 'filled' });
    expect(fake.count('POST', '/api/v1/positions')).toBe(1);

    fake.rejectNextDeal('INSUFFICIENT_FUNDS');
    bot.onPrice(price('jump', 1996.9));
    await bot.idle();
    expect(bot.halted).toContain('INSUFFICIENT_FUNDS');
    expect(ledger.haltedWith).toContain('INSUFFICIENT_FUNDS');
    const statuses = [...ledger.orders.values()].map((order) => order.status);
    expect(statuses).toEqual(['filled', 'failed']);
    expect(ledger.cycles).toHaveLength(0);
    // Halted: later prices change nothing.
    bot.onPrice(price('jump', 1990));
    await bot.idle();
    expect(fake.count('POST', '/api/v1/positions')).toBe(2);
  });

  it('told to stop, finishes the order under way and starts no new one', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await startedAgain(fake, ledger);

    bot.onPrice(price('open', 2000));
    const stopped = bot.stop();
    // Would fill the first averaging level if the bot still traded.
    bot.onPrice(price('jump', 1996.9));
    await stopped;
    await bot.idle();
    expect([...ledger.orders.values()]).toEqual([
      expect.objectContaining({ kind: 'open', level: 0, status: 'filled' }),
    ]);
    expect(fake.count('POST', '/api/v1/positions')).toBe(1);
  });

  it('after a restart, does not take a position it already holds for an order that never went out', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const before = brokerOn(fake);
    await before.connect();
    const held = await before.openPosition({
      clientRef: 'entry-0',
      lots: 0.5,
      bid: 2000,
      sentAt: new Date(),
      stopLevel: null,
    });
    await before.disconnect();

    // The records: entry 0 confirmed, then an averaging entry of the same size written but never sent.
    const ledger = new MemoryLedger();
    const cycleId = 'cycle-1';
    const base = { cycleId, reason: null, lots: 0.5, referencePrice: 2000, scale: 1, createdAt: Date.now() };
    await ledger.intent({
      ...base,
      id: 'entry-0',
      kind: 'open',
      level: 0,
      bid: 2000,
      status: 'intent',
      dealId: null,
      fillPrice: null,
    });
    await ledger.confirm('entry-0', held.dealId, held.level);
    await ledger.intent({
      ...base,
      id: 'entry-1',
      kind: 'open',
      level: 1,
      bid: 1997,
      status: 'intent',
      dealId: null,
      fillPrice: null,
    });

    await startedAgain(fake, ledger);
    expect(ledger.orders.get('entry-1')?.status).toBe('failed');
    expect(ledger.orders.get('entry-0')).toMatchObject({ status: 'filled', dealId: held.dealId });
    expect(fake.count('POST', '/api/v1/positions')).toBe(1);
  });

  /** No averaging level (worst under mediazione), the stop 4 points (40 points of 0.1) under the start. */
  const stopOnly = { worst: 20, safeWorst: 40 };
  const entryBodies = (fake: CapitalFake) =>
    fake.requests
      .filter((request) => request.method === 'POST' && request.path === '/api/v1/positions')
      .map((request) => request.body);

  /** One cycle written: the entry of 0.5 lots at 2000.5, stopped at Capital.com's 1995.5. */
  const expectStoppedAtTheBroker = (ledger: MemoryLedger) => {
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ reason: 'stop', lots: 0.5, entryPrice: 2000.5, exitPrice: 1995.5 }),
    ]);
    expect(ledger.cycles[0]?.profitLoss).toBeCloseTo(0.5 * (1995.5 - 2000.5) * 100, 9);
  };

  it("holds the cycle's stop at Capital.com; when the broker's stop closes first, the bot's own stop writes that close", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const broker = brokerOn(fake);
    onTestFinished(() => broker.disconnect());
    const bot = new GridBot(setup(ledger, stopOnly), broker, ledger, { logger: silent });
    await bot.start();

    bot.onPrice(price('open', 2000));
    await bot.idle();
    expect(entryBodies(fake)).toEqual([{ epic: 'GOLD', direction: 'BUY', size: 0.5, stopLevel: 1996 }]);

    // The fall reaches Capital.com's stop on the quote the bot then decides its own stop on.
    fake.pushQuote('GOLD', 1995.5, 1996);
    bot.onPrice(price('jump', 1995.5));
    await bot.idle();

    expect(bot.halted).toBeNull();
    expectStoppedAtTheBroker(ledger);
    // Its close found the position gone (404) and read the broker's close from the activity.
    expect(fake.requests.filter((request) => request.method === 'DELETE')).toEqual([
      expect.objectContaining({ status: 404 }),
    ]);
  });

  it("writes a stop at Capital.com's level when the broker's stop closed the cycle on a quote the bot missed, before it decided a take profit", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await startedAgain(fake, ledger, stopOnly);

    bot.onPrice(price('open', 2000));
    await bot.idle();
    // Capital.com's stop closes the position on a quote the bot never sees; the price then climbs
    // past the take profit, and the bot's close finds the position gone.
    fake.pushQuote('GOLD', 1995.5, 1996);
    bot.onPrice(price('jump', 2006));
    await bot.idle();

    expect(bot.halted).toBeNull();
    expectStoppedAtTheBroker(ledger);
  });

  it('after a restart, writes the cycle that Capital.com stopped while the bot was away, then trades on', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const before = brokerOn(fake);
    const first = new GridBot(setup(ledger, stopOnly), before, ledger, { logger: silent });
    await first.start();
    first.onPrice(price('open', 2000));
    await first.idle();
    await before.disconnect();

    fake.pushQuote('GOLD', 1995, 1995.5);

    const bot = await startedAgain(fake, ledger, stopOnly);
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ reason: 'stop', lots: 0.5, entryPrice: 2000.5, exitPrice: 1995 }),
    ]);
    expect(ledger.cycles[0]?.profitLoss).toBeCloseTo(0.5 * (1995 - 2000.5) * 100, 9);
    expect(ledger.openOrders()).toEqual([]);

    bot.onPrice(price('open', 1995));
    await bot.idle();
    expect(entryBodies(fake).at(-1)).toEqual({ epic: 'GOLD', direction: 'BUY', size: 0.5, stopLevel: 1991 });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
  });

  it('after a restart, closes the rest of a cycle a person cut short by hand and writes it as a close at the levels of both', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const before = brokerOn(fake);
    const first = new GridBot(setup(ledger), before, ledger, { logger: silent });
    await first.start();
    first.onPrice(price('open', 2000));
    await first.idle();
    fake.setMarket('GOLD', { bid: 1997, offer: 1997.5 });
    first.onPrice(price('jump', 1997));
    await first.idle();
    await before.disconnect();
    const [entry, level] = fake.positionsOf(ACCOUNT.apiKey);
    expect([entry?.level, level?.level]).toEqual([2000.5, 1997.5]);

    const byHand = brokerOn(fake);
    await byHand.connect();
    await byHand.closePosition(entry!.dealId, 1997);
    await byHand.disconnect();
    fake.setMarket('GOLD', { bid: 1998, offer: 1998.5 });

    await startedAgain(fake, ledger);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ reason: 'close', lots: 1, entryPrice: 1999, exitPrice: 1997.5 }),
    ]);
    expect(ledger.cycles[0]?.profitLoss).toBeCloseTo(
      0.5 * (1997 - 2000.5) * 100 + 0.5 * (1998 - 1997.5) * 100,
      9,
    );
  });

  it('after a restart, finishes a close that a stop interrupted at the levels Capital.com gave, the one it had closed read from the activity', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const before = brokerOn(fake);
    await before.connect();
    const opened = [];
    for (const clientRef of ['entry-0', 'entry-1'])
      opened.push(
        await before.openPosition({ clientRef, lots: 0.5, bid: 2000, sentAt: new Date(), stopLevel: null }),
      );

    // The records: both entries confirmed, then the take profit's close written at the bid 2005.8;
    // the bot stopped after Capital.com closed the first position, at its own price, 2006.
    const ledger = new MemoryLedger();
    const base = {
      cycleId: 'cycle-1',
      reason: null,
      lots: 0.5,
      referencePrice: 2000,
      scale: 1,
      createdAt: Date.now(),
    };
    for (const [index, position] of opened.entries()) {
      const id = `entry-${index}`;
      await ledger.intent({
        ...base,
        id,
        kind: 'open',
        level: index,
        bid: 2000 - 3 * index,
        status: 'intent',
        dealId: null,
        fillPrice: null,
      });
      await ledger.confirm(id, position.dealId, position.level);
    }
    await ledger.intent({
      ...base,
      id: 'close-1',
      kind: 'close',
      level: null,
      reason: 'take-profit',
      lots: 1,
      bid: 2005.8,
      status: 'intent',
      dealId: null,
      fillPrice: null,
    });
    fake.setMarket('GOLD', { bid: 2006, offer: 2006.5 });
    await before.closePosition(opened[0]!.dealId, 2005.8);
    await before.disconnect();
    fake.setMarket('GOLD', { bid: 2007, offer: 2007.5 });

    await startedAgain(fake, ledger);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ closeId: 'close-1', reason: 'take-profit', lots: 1, exitPrice: 2006.5 }),
    ]);
  });
});
