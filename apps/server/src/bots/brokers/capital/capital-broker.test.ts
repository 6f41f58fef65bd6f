// The Capital.com adapter against the loopback fake (Capital.com's documented shapes, its limits
// and its awkward moments): markets and their dealing rules, sizes, orders with the stop and take
// profit they hold, working orders, what a timeout leaves to look up, closes and who made them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrokerError } from '../broker';
import type { CapitalBroker } from './capital-broker';
import type { CapitalFake } from '../../../../test/support/capital/capital-fake';
import {
  ACCOUNT,
  GOLD_OPENING_HOURS,
  MARKETS,
  brokerOn,
  linkOn,
  order,
  startFake,
} from '../../../../test/support/capital/capital-test-fixtures';

let fake: CapitalFake;
let broker: CapitalBroker;
beforeEach(async () => {
  fake = await startFake();
  broker = brokerOn(fake);
});
afterEach(async () => {
  await fake.close();
});

const bodiesOf = (method: string, path: string) =>
  fake.requests
    .filter((request) => request.method === method && request.path === path)
    .map((request) => request.body);
const positionPosts = () => fake.count('POST', '/api/v1/positions');
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: unknown) => error,
  );
const filled = async (promise: Promise<unknown>) => {
  const outcome = (await promise) as {
    kind: string;
    position?: { dealId: string; level: number; lots: number };
  };
  expect(outcome.kind).toBe('filled');
  return outcome.position!;
};

describe('Capital.com broker: markets and sizes', () => {
  it.each([
    ['GOLD', 'GOLD', 0.5, 50],
    ['NASDAQ', 'US100', 0.5, 0.5],
    ['EURUSD', 'EURUSD', 0.1, 10_000],
  ] as const)(
    'trades %s on the epic %s, sending %s engine lots as a size of %s',
    async (market, epic, lots, size) => {
      broker = brokerOn(fake, { market });
      await broker.connect();
      const position = await filled(broker.send(order({ lots })));
      expect(fake.count('GET', `/api/v1/markets/${epic}`)).toBe(1);
      expect(bodiesOf('POST', '/api/v1/positions')).toEqual([{ epic, direction: 'BUY', size }]);
      expect(position.lots).toBe(lots);
    },
  );

  it('finds the Nasdaq by searching "US Tech 100" when the server knows no US100', async () => {
    await fake.close();
    const usTech = { ...MARKETS[1]!, epic: 'US_TECH_100' };
    fake = await startFake({
      markets: [usTech, { ...usTech, epic: 'US_TECH_100_MINI', instrumentName: 'US Tech 100 Mini' }],
    });
    broker = brokerOn(fake, { market: 'NASDAQ' });
    await broker.connect();
    expect(fake.requests.find((request) => request.path === '/api/v1/markets')?.query.get('searchTerm')).toBe(
      'US Tech 100',
    );
    expect(broker.epic).toBe('US_TECH_100');
  });

  it('names the grid orders Capital.com would refuse as too small or too large, before any order', async () => {
    await broker.connect();
    // GOLD deals from 1 oz: 0.01 lots are 1 oz, 0.005 would be half of one.
    expect(broker.sizeProblem([0.5, 0.01])).toBeNull();
    expect(broker.sizeProblem([0.5, 0.001])).toMatch(/0\.001 lotti.*almeno 1/);
    expect(broker.sizeProblem([60])).toMatch(/60 lotti, cioè 6000 su GOLD.*al massimo 5000/);
    await expect(broker.send(order({ lots: 0.001 }))).rejects.toMatchObject({
      problem: 'size',
      permanent: true,
    });
    expect(positionPosts()).toBe(0);
  });

  it("refuses an instrument the account does not know (404) with 'not-tradable'", async () => {
    await fake.close();
    fake = await startFake({ markets: MARKETS.filter((market) => market.epic !== 'EURUSD') });
    broker = brokerOn(fake, { market: 'EURUSD' });
    await expect(broker.connect()).rejects.toMatchObject({ problem: 'not-tradable' });
  });

  it("answers 'unavailable' when Capital.com cannot be reached", async () => {
    await fake.close();
    await expect(broker.connect()).rejects.toMatchObject({ problem: 'unavailable' });
    fake = await startFake();
  });

  it('tells a closed market, with its status and its reopening from the opening hours, and an open one', async () => {
    await fake.close();
    // Saturday noon: GOLD reopens on Sunday at 23:00 UTC.
    const saturday = Date.UTC(2026, 10, 28, 12);
    fake = await startFake({
      now: () => saturday,
      markets: [{ ...MARKETS[0]!, openingHours: GOLD_OPENING_HOURS }],
    });
    broker = brokerOn(fake, { timers: { now: () => saturday, setTimeout, clearTimeout } });
    await broker.connect();
    await expect(broker.marketClosed()).resolves.toEqual({
      reason:
        'Mercato GOLD chiuso su Capital.com (CLOSED): il bot riprende da solo alla riapertura (riapertura prevista dom 29/11 22:00 UTC).',
      reopensAt: Date.UTC(2026, 10, 29, 22, 0),
    });
    fake.setMarket('GOLD', { marketStatus: 'TRADEABLE', openingHours: undefined });
    await expect(broker.marketClosed()).resolves.toBeNull();
  });
});

describe('Capital.com broker: orders', () => {
  beforeEach(async () => {
    await broker.connect();
  });

  it('writes the reference to the journal the moment the POST answers, then answers the position named in affectedDeals', async () => {
    const journal: string[] = [];
    broker = brokerOn(fake, {
      journal: {
        sent: (clientRef, reference) => Promise.resolve(void journal.push(`${clientRef} ${reference}`)),
      },
    });
    await broker.connect();
    fake.hideConfirms(2); // the confirmation is not readable at once

    const position = await filled(broker.send(order({ clientRef: 'intent-7' })));

    const post = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/positions',
    );
    const reference = (post?.answer as { dealReference: string }).dealReference;
    expect(journal).toEqual([`intent-7 ${reference}`]);
    const confirms = fake.requests.filter((request) => request.path === `/api/v1/confirms/${reference}`);
    expect(confirms.map((request) => request.status)).toEqual([404, 404, 200]);
    const [held] = fake.positionsOf(ACCOUNT.apiKey);
    expect(position).toMatchObject({ dealId: held?.dealId, clientRef: 'intent-7', lots: 0.5, level: 2000.5 });
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 'funds', true],
    ['MARKET_CLOSED', 'market-closed', false],
    ['MARKET_OFFLINE', 'market-closed', false],
    ['MINIMUM_ORDER_SIZE_ERROR', 'size', true],
    ['DUPLICATE_ORDER_ERROR', 'rejected', true],
    ['INSTRUMENT_NOT_FOUND', 'not-tradable', true],
  ])(
    "turns a deal REJECTED for %s into BrokerError '%s' (a person needed: %s)",
    async (reason, problem, permanent) => {
      fake.rejectNextDeal(reason);
      const error = await caught(broker.send(order()));
      expect(error).toBeInstanceOf(BrokerError);
      expect(error).toMatchObject({ problem, permanent });
      expect((error as BrokerError).message).toMatch(
        new RegExp(`^Capital\\.com ha rifiutato l'apertura della posizione su GOLD.*\\(${reason}\\)$`),
      );
      expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
      expect(positionPosts()).toBe(1);
    },
  );

  it('holds the stop and the take profit with the position; a stop Capital.com refuses as too near is moved to the level it names, never dropped', async () => {
    // GOLD's stops keep 0.5 from the bid (2000): 1999.8 is refused, 1999.5 is the nearest it takes.
    const position = await filled(broker.send(order({ stopLevel: 1999.8, profitLevel: 2005.5 })));
    expect(bodiesOf('POST', '/api/v1/positions')).toEqual([
      { epic: 'GOLD', direction: 'BUY', size: 50, stopLevel: 1999.8, profitLevel: 2005.5 },
      { epic: 'GOLD', direction: 'BUY', size: 50, stopLevel: 1999.5, profitLevel: 2005.5 },
    ]);
    expect(position).toMatchObject({ stopLevel: 1999.5 });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ stopLevel: 1999.5, profitLevel: 2005.5 }),
    ]);
    // Capital.com closes it at its take profit by itself.
    fake.pushQuote('GOLD', 2006, 2006.5);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    const closed = await broker.closedOutside([position.dealId]);
    expect(closed.get(position.dealId)).toMatchObject({ level: 2005.5, cause: 'take-profit' });
  });

  it("rounds a take profit up and a stop down to the market's decimals", async () => {
    await filled(broker.send(order({ stopLevel: 1990.0049, profitLevel: 2005.1234 })));
    expect(bodiesOf('POST', '/api/v1/positions')).toEqual([
      { epic: 'GOLD', direction: 'BUY', size: 50, stopLevel: 1990, profitLevel: 2005.13 },
    ]);
  });

  it('moves the take profit a position holds', async () => {
    const position = await filled(broker.send(order({ profitLevel: 2010 })));
    await broker.moveTakeProfit(position.dealId, 2004.3);
    expect(bodiesOf('PUT', `/api/v1/positions/${position.dealId}`)).toEqual([{ profitLevel: 2004.3 }]);
    expect(fake.positionsOf(ACCOUNT.apiKey)[0]?.profitLevel).toBe(2004.3);
  });
});

describe('Capital.com broker: working orders', () => {
  beforeEach(async () => {
    await broker.connect();
  });

  const resting = (limitLevel: number) =>
    broker.send(order({ clientRef: 'level-1', limitLevel, stopLevel: 1990, profitLevel: 2004 }));

  it('leaves the next level resting as a limit buy with its stop and take profit; the fall to it fills it at its level', async () => {
    const outcome = await resting(1997.3);
    expect(outcome).toMatchObject({ kind: 'resting', stopLevel: 1990 });
    const workingOrderId = (outcome as { workingOrderId: string }).workingOrderId;
    expect(bodiesOf('POST', '/api/v1/workingorders')).toEqual([
      {
        epic: 'GOLD',
        direction: 'BUY',
        size: 50,
        level: 1997.3,
        type: 'LIMIT',
        stopLevel: 1990,
        profitLevel: 2004,
      },
    ]);
    await expect(broker.restingFill(workingOrderId, order({ limitLevel: 1997.3 }))).resolves.toBeNull();

    // The bid falls from 2000 through 1997 (the ask through 1997.3) to 1996.
    fake.pushQuote('GOLD', 1996, 1996.5);
    const position = await broker.restingFill(
      workingOrderId,
      order({ clientRef: 'level-1', limitLevel: 1997.3 }),
    );
    expect(position).toMatchObject({ clientRef: 'level-1', level: 1997.3, lots: 0.5 });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ workingOrderId, stopLevel: 1990, profitLevel: 2004 }),
    ]);
  });

  it('takes back a working order still resting; one that filled meanwhile answers its position', async () => {
    const first = (await resting(1997.3)) as { workingOrderId: string };
    await expect(
      broker.cancelResting(first.workingOrderId, order({ limitLevel: 1997.3 })),
    ).resolves.toBeNull();
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);

    const second = (await resting(1997.3)) as { workingOrderId: string };
    fake.pushQuote('GOLD', 1996, 1996.5);
    const position = await broker.cancelResting(second.workingOrderId, order({ limitLevel: 1997.3 }));
    expect(
      fake.requests.filter((request) => request.method === 'DELETE').map((request) => request.status),
    ).toEqual([200, 404]);
    expect(position).toMatchObject({ level: 1997.3, dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId });
  });
});

describe('Capital.com broker: after an outcome was lost (spec section 9)', () => {
  beforeEach(async () => {
    // Requests give up after 1.2 s: shorter than the 2 s answers the tests delay, longer than any
    // other answer of the fake takes on a busy machine (at 300 ms a plain GET timed out at load 10).
    broker = brokerOn(fake, { link: linkOn(fake, { requestTimeoutMs: 1_200 }), confirmTimeoutMs: 50 });
    await broker.connect();
  });

  it('gives up on a slow POST as unavailable; the look-up finds the position it opened: one POST in all', async () => {
    fake.delayNextPositionAnswer(2_000);
    const sent = order({ clientRef: 'intent-9' });
    await expect(broker.send(sent)).rejects.toMatchObject({ problem: 'unavailable', permanent: false });

    const outcome = await broker.lookUp(sent);
    const [held] = fake.positionsOf(ACCOUNT.apiKey);
    expect(outcome).toMatchObject({
      kind: 'filled',
      position: { dealId: held?.dealId, clientRef: 'intent-9', lots: 0.5 },
    });
    expect(positionPosts()).toBe(1);
  });

  it('reads the activity history when the position list does not show the position', async () => {
    fake.delayNextPositionAnswer(2_000);
    fake.hidePositions(true);
    const sent = order({ clientRef: 'intent-10', sentAt: new Date(Date.now() - 90_000) });
    await expect(broker.send(sent)).rejects.toMatchObject({ problem: 'unavailable' });

    const outcome = await broker.lookUp(sent);
    const activity = fake.requests.find((request) => request.path === '/api/v1/history/activity');
    expect(Number(activity?.query.get('lastPeriod'))).toBeGreaterThanOrEqual(92);
    expect(activity?.query.get('filter')).toBe('epic==GOLD;type==POSITION');
    expect(outcome).toMatchObject({
      kind: 'filled',
      position: { dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId },
    });
  });

  it('reads the confirmation of the reference the journal kept when the confirmation came late', async () => {
    fake.hideConfirms(1_000);
    const sent = order({ clientRef: 'intent-11' });
    await expect(broker.send(sent)).rejects.toMatchObject({ problem: 'unavailable' });
    fake.hideConfirms(0);
    const post = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/positions',
    );
    const reference = (post?.answer as { dealReference: string }).dealReference;

    // As after a restart: a broker that never saw the order, the reference from the records.
    const restarted = brokerOn(fake);
    await restarted.connect();
    const outcome = await restarted.lookUp({ ...sent, dealReference: reference });
    expect(outcome).toMatchObject({
      kind: 'filled',
      position: { dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId },
    });
    expect(fake.count('GET', '/api/v1/positions')).toBe(0);
  });

  it('answers a REJECTED confirmation as absent, and a REJECTED activity row as no trace', async () => {
    fake.rejectNextDeal('INSUFFICIENT_FUNDS');
    const sent = order({ clientRef: 'intent-15' });
    await expect(broker.send(sent)).rejects.toMatchObject({ problem: 'funds' });
    await expect(broker.lookUp(sent)).resolves.toMatchObject({
      kind: 'absent',
      reason: expect.stringContaining('INSUFFICIENT_FUNDS') as string,
    });
    // Without the reference, only the activity's REJECTED row shows the order: it is not a deal.
    const fresh = brokerOn(fake);
    await fresh.connect();
    await expect(fresh.lookUp(sent)).resolves.toBeNull();
  });

  it('finds nothing when nothing went through, and never hands out a position the bot holds already', async () => {
    const sentAt = new Date();
    const mine = await filled(broker.send(order({ clientRef: 'intent-12', sentAt })));
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 70,
      level: 2001,
      createdAt: Date.now(),
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 50,
      level: 2001,
      createdAt: Date.now() - 60_000,
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'EURUSD',
      direction: 'BUY',
      size: 50,
      level: 1.08,
      createdAt: Date.now(),
    });

    // Same size, same time as intent-12's position: it must not be taken for intent-13's.
    await expect(broker.lookUp(order({ clientRef: 'intent-13', sentAt }))).resolves.toBeNull();
    expect(mine.dealId).toBe(fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId);
    expect(positionPosts()).toBe(1);
  });

  it('finds a working order whose POST answered too late', async () => {
    fake.delayNextWorkingOrderAnswer(2_000);
    const sent = order({ clientRef: 'level-2', limitLevel: 1994.3 });
    await expect(broker.send(sent)).rejects.toMatchObject({ problem: 'unavailable' });
    const outcome = await broker.lookUp(sent);
    expect(outcome).toMatchObject({
      kind: 'resting',
      workingOrderId: fake.workingOrdersOf(ACCOUNT.apiKey)[0]?.dealId,
    });
    expect(fake.count('POST', '/api/v1/workingorders')).toBe(1);
  });
});

describe('Capital.com broker: positions and closing', () => {
  beforeEach(async () => {
    await broker.connect();
  });

  it("lists the open long positions of the bot's epic, in lots", async () => {
    const mine = await filled(broker.send(order({ clientRef: 'intent-20', lots: 0.3 })));
    const manual = fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 100,
      level: 1990,
      createdAt: Date.parse('2026-11-20T09:30:00Z'),
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'SELL',
      size: 100,
      level: 1995,
      createdAt: Date.now(),
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'US100',
      direction: 'BUY',
      size: 1,
      level: 18000,
      createdAt: Date.now(),
    });

    const listed = await broker.positions();
    expect(listed.map((position) => [position.dealId, position.lots, position.level])).toEqual([
      [mine.dealId, 0.3, 2000.5],
      [manual.dealId, 1, 1990],
    ]);
  });

  it('closes a position with DELETE /positions/{dealId} and answers the confirmed exit level', async () => {
    const position = await filled(broker.send(order()));
    fake.setMarket('GOLD', { bid: 2010, offer: 2010.5 });
    const exit = await broker.closePosition(position.dealId, 2010);
    expect(fake.count('DELETE', `/api/v1/positions/${position.dealId}`)).toBe(1);
    expect(exit).toMatchObject({ dealId: position.dealId, level: 2010 });
    await expect(broker.positions()).resolves.toEqual([]);
  });

  it("refuses a close on a closed market with 'market-closed', which waits rather than halts, and keeps the position", async () => {
    const position = await filled(broker.send(order()));
    fake.setMarket('GOLD', { marketStatus: 'CLOSED' });
    await expect(broker.closePosition(position.dealId, 2000)).rejects.toMatchObject({
      problem: 'market-closed',
      permanent: false,
      message: expect.stringContaining('MARKET_CLOSED') as string,
    });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
  });

  it('answers a close asked after the stop had closed the position with that close, and tells a stop from a close by hand', async () => {
    const stopped = await filled(broker.send(order({ stopLevel: 1990 })));
    fake.pushQuote('GOLD', 1989.4, 1989.9);
    const exit = await broker.closePosition(stopped.dealId, 1989.4);
    expect(exit).toMatchObject({ dealId: stopped.dealId, level: 1990, cause: 'stop' });

    const byHand = await filled(broker.send(order({ clientRef: 'intent-21', stopLevel: 1980 })));
    await broker.closePosition(byHand.dealId, 1989.4);
    const closed = await broker.closedOutside([byHand.dealId, '0060-never-held']);
    expect([...closed.values()]).toEqual([
      expect.objectContaining({ dealId: byHand.dealId, cause: 'other' }),
    ]);
  });

  it("answers 'unavailable' for a position Capital.com does not hold and whose close its activity does not show", async () => {
    await expect(broker.closePosition('0060-gone', 2000)).rejects.toMatchObject({ problem: 'unavailable' });
  });
});
