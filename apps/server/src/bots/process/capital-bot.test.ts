// A bot on the Capital.com adapter against the loopback fake, which is as awkward as the real
// service (rate limits, late answers, stops refused by distance, working orders filling on the
// price path, markets that close): wrong credentials and refused deals stop it with the broker's
// reason; the broker holds the cycle's stop and take profit and rests its next level; an outcome
// lost to a timeout is found, never sent again; a closed market pauses it until it reopens; and
// what happened while it was away is written when it starts again.
import type { GridParams } from '@platform/engine';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CapitalFake } from '../../../test/support/capital/capital-fake';
import {
  ACCOUNT,
  GOLD_OPENING_HOURS,
  MARKETS,
  brokerOn,
  linkOn,
  manualTimers,
  startFake,
} from '../../../test/support/capital/capital-test-fixtures';
import { MemoryLedger } from '../../../test/support/bots/memory-ledger';
import type { CapitalBrokerOptions } from '../brokers/capital/capital-broker';
import { CREDENTIALS_MESSAGE } from '../brokers/capital/capital-problems';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import { GridBot, type GridBotOptions } from './grid-bot';
import type { BotSetup, PriceEvent } from '../protocol/hub-protocol';
import type { Timers } from '../timers';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** GOLD, 0.5 lots and 0.5 a level every 3.0, take profit 5.0 over the average, stop 40.0 under the start. */
function setup(
  ledger: MemoryLedger,
  params: Partial<GridParams> = {},
  market: BotSetup['market'] = 'GOLD',
): BotSetup {
  return {
    investmentId: 'live-investment',
    market,
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
    instrument:
      market === 'GOLD'
        ? { point: 0.1, contractSize: 100, spreadPoints: 3 }
        : { point: 1, contractSize: 1, spreadPoints: 2 },
    maxLots: 1000,
    fx: { firstDay: 0, rates: [] },
    broker: { kind: 'capital', demo: true, accountRowId: '' },
    realisedEur: ledger.realisedEur,
    openOrders: ledger.openOrders(),
  };
}

/** Short waits: an outcome is settled within half a second here. */
const QUICK: Partial<GridBotOptions> = { settleWindowMs: 500, retryDelayMs: 20, maxRetryDelayMs: 100 };

interface BotOn {
  fake: CapitalFake;
  ledger: MemoryLedger;
  params?: Partial<GridParams>;
  market?: BotSetup['market'];
  broker?: Partial<CapitalBrokerOptions>;
  bot?: Partial<GridBotOptions>;
}

/** A bot on the fake's account, started, with the ledger's records. */
async function botOn({ fake, ledger, params, market, broker, bot }: BotOn): Promise<GridBot> {
  const capital = brokerOn(fake, { market: market ?? 'GOLD', journal: ledger, ...broker });
  const started = new GridBot(setup(ledger, params, market), capital, ledger, {
    logger: silent,
    ...QUICK,
    ...bot,
  });
  onTestFinished(() => started.stop());
  await started.start();
  return started;
}

/**
 * A quote on GOLD at this bid (the ask 0.3 over it, the engine's spread), at the fake (whose
 * resting orders, stops and take profits fire on the way) and then to the bot; an open is a gap.
 */
async function quote(
  fake: CapitalFake,
  bot: GridBot,
  kind: PriceEvent['kind'],
  bid: number,
  time = Date.now(),
): Promise<void> {
  fake.pushQuote('GOLD', bid, Math.round((bid + 0.3) * 100) / 100, { gap: kind === 'open' });
  bot.onPrice({ market: 'GOLD', kind, price: bid, time, sourceTime: time });
  await bot.idle();
}

const entryBodies = (fake: CapitalFake) =>
  fake.requests
    .filter((request) => request.method === 'POST' && request.path === '/api/v1/positions')
    .map((request) => request.body);

describe('a bot on Capital.com', () => {
  it('stops with a clear message on wrong credentials, after a single login attempt', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({
      fake,
      ledger,
      broker: { link: linkOn(fake, { credentials: { ...ACCOUNT, password: 'wrong' } }) },
    });
    expect(bot.halted).toBe(CREDENTIALS_MESSAGE);
    expect(ledger.haltedWith).toBe(CREDENTIALS_MESSAGE);
    expect(fake.count('POST', '/api/v1/session')).toBe(1);
    expect(ledger.orders.size).toBe(0);
  });

  it('opens its cycle holding the stop and take profit at Capital.com, rests the next level there, and writes the cycle Capital.com closed at its take profit', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger });

    await quote(fake, bot, 'open', 2000);
    expect(entryBodies(fake)).toEqual([
      { epic: 'GOLD', direction: 'BUY', size: 50, stopLevel: 1960, profitLevel: 2005.3 },
    ]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ level: 1997.3, size: 50, stopLevel: 1960, profitLevel: 2003.8 }),
    ]);

    // The fall fills the resting level at its limit, whatever quote the bot sees.
    await quote(fake, bot, 'jump', 1996.9);
    const positions = fake.positionsOf(ACCOUNT.apiKey);
    expect(positions.map((position) => [position.level, position.profitLevel])).toEqual([
      [2000.3, 2003.8],
      [1997.3, 2003.8],
    ]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([expect.objectContaining({ level: 1994.3 })]);

    // The rise closes both at Capital.com's take profit; the bot writes that close.
    await quote(fake, bot, 'jump', 2004);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ reason: 'take-profit', lots: 1, entryPrice: 1998.8, exitPrice: 2003.8 }),
    ]);
    // One lot 5.0 over its average: 500 USD, as the backtest books a take profit.
    expect(ledger.cycles[0]?.profitLoss).toBeCloseTo(500, 6);
    expect(
      [...ledger.orders.values()].map((order) => [order.kind, order.orderType ?? 'market', order.status]),
    ).toEqual([
      ['open', 'market', 'filled'],
      ['open', 'limit', 'filled'],
      ['open', 'limit', 'cancelled'],
      ['close', 'market', 'filled'],
    ]);
    expect(bot.halted).toBeNull();
    expect(fake.rateLimited).toBe(0);
  });

  it("stops with the broker's reason when a deal is refused, leaving the order failed", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger });
    fake.rejectNextDeal('INSUFFICIENT_FUNDS');
    await quote(fake, bot, 'open', 2000);
    expect(bot.halted).toContain('INSUFFICIENT_FUNDS');
    expect(ledger.haltedWith).toContain('INSUFFICIENT_FUNDS');
    expect([...ledger.orders.values()].map((order) => order.status)).toEqual(['failed']);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
  });

  it("waits for an order answered after the client gave up: one position, written as the cycle's entry, nothing sent twice", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({
      fake,
      ledger,
      broker: { link: linkOn(fake, { requestTimeoutMs: 300 }), confirmTimeoutMs: 100 },
    });
    fake.delayNextPositionAnswer(1_000);

    await quote(fake, bot, 'open', 2000);

    expect(entryBodies(fake)).toHaveLength(1);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
    const [entry] = ledger.orders.values();
    expect(entry).toMatchObject({
      status: 'filled',
      dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId,
      fillPrice: 2000.3,
    });
    // It said why it waited, and that it trades again.
    expect(ledger.notes).toEqual([BOT_MESSAGES.awaitingOutcome, null]);
    expect(bot.halted).toBeNull();
    // It trades on from what the broker holds: the next level rests at Capital.com.
    await quote(fake, bot, 'jump', 1999);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toHaveLength(1);
  });

  it('reads a late confirmation by the reference it wrote, and marks an order failed only when Capital.com refused it', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger, broker: { confirmTimeoutMs: 50 } });
    fake.hideConfirms(12);

    await quote(fake, bot, 'open', 2000);

    const [entry] = ledger.orders.values();
    expect(entry?.dealReference).toMatch(/^o_/);
    expect(entry).toMatchObject({ status: 'filled', dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId });
    expect(entryBodies(fake)).toHaveLength(1);
  });

  it('refuses at start a grid whose orders Capital.com would refuse as too small, before any order', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    // US100 deals from 0.1: the levels' 0.05 lots are 0.05 of a $-per-point contract.
    const bot = await botOn({
      fake,
      ledger,
      market: 'NASDAQ',
      params: { size: 1, addizionale: 0.05, mediazione: 100, target: 200, worst: 1500, safeWorst: 2000 },
    });
    expect(bot.halted).toBe(
      "La griglia invia ordini da 0.05 lotti, cioè 0.05 su US100 a Capital.com, che ne accetta almeno 0.1: aumenta size o addizionale dell'investimento.",
    );
    expect(fake.count('POST', '/api/v1/positions')).toBe(0);
  });

  it('stops with the credentials message when the customer revokes the API key while it trades, its positions recorded', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger });
    await quote(fake, bot, 'open', 2000);
    fake.revokeApiKey(ACCOUNT.apiKey);
    await quote(fake, bot, 'jump', 1996.9);
    expect(bot.halted).toBe(CREDENTIALS_MESSAGE);
    expect(ledger.haltedWith).toBe(CREDENTIALS_MESSAGE);
    // What the broker holds is what the records say: the entry, and the level it filled meanwhile at its limit.
    expect([...ledger.orders.values()].map((order) => [order.level, order.status])).toEqual([
      [0, 'filled'],
      [1, 'working'],
    ]);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(2);
  });

  it('learns a level its working order filled on a price it never saw, and moves the take profit', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const clock = manualTimers();
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger, bot: { timers: clock.timers, watchMs: 30_000 } });
    await quote(fake, bot, 'open', 2000);
    // The fall fills the resting level at Capital.com; the quote is lost on its way to the bot.
    fake.pushQuote('GOLD', 1996.9, 1997.2);
    clock.advance(30_000);
    await expect
      .poll(() => [...ledger.orders.values()].filter((order) => order.status === 'filled').length)
      .toBe(2);
    await bot.idle();
    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.profitLevel)).toEqual([
      2003.8, 2003.8,
    ]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([expect.objectContaining({ level: 1994.3 })]);
  });

  it("records and audits a stop Capital.com holds farther than the cycle's, never opening without one", async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    fake.setMarket('GOLD', { minStopDistance: { unit: 'POINTS', value: 45 } });
    const ledger = new MemoryLedger();
    // A take profit 50.0 away, which the rule allows; the stop is 40.0 away, which it does not.
    const bot = await botOn({ fake, ledger, params: { target: 500 } });
    await quote(fake, bot, 'open', 2000);
    // Capital.com keeps stops 45 away from the price (2000) and from a working order's level (1997.3).
    expect(entryBodies(fake).map((body) => (body as { stopLevel: number }).stopLevel)).toEqual([1960, 1955]);
    expect(ledger.stopsAdjusted).toEqual([
      expect.objectContaining({ requested: 1960, held: 1955 }),
      expect.objectContaining({ requested: 1960, held: 1952.3 }),
    ]);
    expect([...ledger.orders.values()].map((order) => [order.status, order.stopLevel])).toEqual([
      ['filled', 1955],
      ['working', 1952.3],
    ]);
    expect(fake.positionsOf(ACCOUNT.apiKey)[0]?.stopLevel).toBe(1955);
  });
});

describe('a bot on Capital.com when its market closes', () => {
  it('pauses with the reason at start on a closed market, without halting, and trades once it reopens', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    fake.setMarket('GOLD', { marketStatus: 'CLOSED' });
    const clock = manualTimers();
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger, bot: { timers: clock.timers } });
    expect(bot.halted).toBeNull();
    expect(bot.paused).toMatch(/^Mercato GOLD chiuso su Capital.com \(CLOSED\): il bot riprende da solo/);
    expect(ledger.waitingWith).toBe(bot.paused);

    await quote(fake, bot, 'open', 2000);
    expect(ledger.orders.size).toBe(0);

    fake.setMarket('GOLD', { marketStatus: 'TRADEABLE' });
    clock.advance(10_000);
    await quote(fake, bot, 'open', 2001);
    expect(bot.paused).toBeNull();
    expect(ledger.waitingWith).toBeNull();
    expect([...ledger.orders.values()][0]).toMatchObject({
      kind: 'open',
      level: 0,
      status: 'filled',
      fillPrice: 2001.3,
    });
  });

  it('pauses on a deal refused as MARKET_CLOSED, the order failed (nothing opened), and sends it again at the reopening', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const clock = manualTimers();
    const ledger = new MemoryLedger();
    const bot = await botOn({ fake, ledger, bot: { timers: clock.timers } });
    fake.rejectNextDeal('MARKET_CLOSED');
    await quote(fake, bot, 'open', 2000);
    expect(bot.halted).toBeNull();
    expect(bot.paused).toContain('MARKET_CLOSED');
    expect([...ledger.orders.values()].map((order) => order.status)).toEqual(['failed']);

    clock.advance(10_000);
    await quote(fake, bot, 'open', 2000.5);
    expect(bot.paused).toBeNull();
    expect([...ledger.orders.values()].map((order) => order.status)).toEqual(['failed', 'filled', 'working']);
  });

  it('lives through a weekend on its own: quotes stop on Friday, it pauses with the reopening, and trades on when Sunday opens', async () => {
    // The fake's clock and the bot's are one: Friday 20:55 UTC, GOLD closing at 21:00.
    const clock = manualTimers(Date.UTC(2026, 10, 27, 20, 55));
    const fake = await startFake({
      now: () => clock.timers.now(),
      markets: [{ ...MARKETS[0]!, openingHours: GOLD_OPENING_HOURS }],
    });
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const timers: Timers = clock.timers;
    const bot = await botOn({ fake, ledger, broker: { timers }, bot: { timers, marketCheckMs: 120_000 } });
    await quote(fake, bot, 'open', 2000, clock.timers.now());
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);

    // The last quote at 20:59; then none: after two quiet minutes the bot asks, and the market is closed.
    clock.advance(4 * 60_000);
    await quote(fake, bot, 'jump', 1999.5, clock.timers.now());
    clock.advance(3 * 60_000);
    await expect
      .poll(() => bot.paused)
      .toBe(
        'Mercato GOLD chiuso su Capital.com (CLOSED): il bot riprende da solo alla riapertura (riapertura prevista dom 29/11 22:00 UTC).',
      );
    expect(ledger.waitingWith).toBe(bot.paused);
    // The reopening goes with the reason, for the alert of a pause longer than the calendar says.
    expect(ledger.reopensAt).toBe(Date.UTC(2026, 10, 29, 22, 0));
    // Saturday: it asks again now and then, and waits.
    clock.advance(24 * 3_600_000);
    await bot.idle();
    expect(bot.halted).toBeNull();

    // Sunday 22:00: the first quote after the gap is a bar's open; the cycle carries on.
    clock.advance(Date.UTC(2026, 10, 29, 22, 0) - clock.timers.now());
    await quote(fake, bot, 'open', 1996.5, clock.timers.now());
    expect(bot.paused).toBeNull();
    expect(ledger.waitingWith).toBeNull();
    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.level)).toEqual([2000.3, 1996.8]);
    expect(bot.halted).toBeNull();
  });
});

describe('a bot on Capital.com started again', () => {
  it('books the level its working order filled while it was away, and writes the cycle Capital.com stopped meanwhile', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const first = await botOn({ fake, ledger, params: { worst: 60, safeWorst: 80 } });
    await quote(fake, first, 'open', 2000);
    await first.stop();

    // Away: the price falls through the resting level (1997.3) to the stop (1992).
    fake.pushQuote('GOLD', 1996, 1996.3);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(2);
    fake.pushQuote('GOLD', 1991, 1991.3);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);

    const again = await botOn({ fake, ledger, params: { worst: 60, safeWorst: 80 } });
    expect(again.halted).toBeNull();
    expect(ledger.cycles).toEqual([
      expect.objectContaining({ reason: 'stop', lots: 1, entryPrice: 1998.8, exitPrice: 1992 }),
    ]);
    expect(ledger.cycles[0]?.profitLoss).toBeCloseTo(
      (0.5 * (1992 - 2000.3) + 0.5 * (1992 - 1997.3)) * 100,
      6,
    );
    expect(ledger.openOrders()).toEqual([]);
  });

  it('starts again under its next level without halting: the level it cannot rest there goes at the market on the next quote', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    const ledger = new MemoryLedger();
    const first = await botOn({ fake, ledger });
    await quote(fake, first, 'open', 2000);
    // Stopped by a person (its working order taken back), then the price falls under the level.
    await first.stop();
    await first.takeBackResting();
    fake.pushQuote('GOLD', 1996.9, 1997.2);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);

    // Started again: Capital.com refuses a limit buy at 1997.3 over the offer (WRONG_SIDE_OF_MARKET).
    const again = await botOn({ fake, ledger });
    expect(again.halted).toBeNull();
    expect(again.paused).toBeNull();
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);
    expect([...ledger.orders.values()].at(-1)).toMatchObject({
      status: 'failed',
      orderType: 'limit',
      level: 1,
    });

    // The next quote decides the level: bought at the market, and the level after it rests.
    await quote(fake, again, 'jump', 1996.9);
    expect(again.halted).toBeNull();
    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.level)).toEqual([2000.3, 1997.2]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([expect.objectContaining({ level: 1994.3 })]);
  });

  it('settles what was written but never confirmed: sent, it is the position Capital.com shows; never sent, it failed once nothing shows', async () => {
    const fake = await startFake();
    onTestFinished(() => fake.close());
    // The records of a bot killed after its entry's POST went out (no answer written), and after it
    // wrote its working order's intent, before sending it.
    const ledger = new MemoryLedger();
    const sentAt = Date.now() - 2_000;
    const base = {
      cycleId: 'cycle-1',
      reason: null,
      lots: 0.5,
      referencePrice: 2000,
      scale: 1,
      createdAt: sentAt,
    };
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
    await ledger.intent({
      ...base,
      id: 'level-1',
      kind: 'open',
      level: 1,
      bid: 1997,
      status: 'intent',
      dealId: null,
      fillPrice: null,
      orderType: 'limit',
      limitLevel: 1997.3,
    });
    fake.pushQuote('GOLD', 2000, 2000.3);
    const before = brokerOn(fake);
    await before.connect();
    await before.send({
      clientRef: 'entry-0',
      lots: 0.5,
      bid: 2000,
      sentAt: new Date(sentAt),
      stopLevel: 1960,
      profitLevel: 2005.3,
      limitLevel: null,
      dealReference: null,
    });

    await botOn({ fake, ledger });
    expect(ledger.orders.get('entry-0')).toMatchObject({
      status: 'filled',
      dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId,
      fillPrice: 2000.3,
    });
    expect(ledger.orders.get('level-1')).toMatchObject({
      status: 'failed',
      message: BOT_MESSAGES.noTraceAtBroker,
    });
    expect(entryBodies(fake)).toHaveLength(1);
    // It trades on: the level rests at Capital.com once.
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([expect.objectContaining({ level: 1997.3 })]);
  });
});
