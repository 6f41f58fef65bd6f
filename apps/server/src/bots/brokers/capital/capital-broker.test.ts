import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrokerError } from '../broker';
import type { CapitalBroker } from './capital-broker';
import type { CapitalFake } from '../../../../test/support/capital/capital-fake';
import { ACCOUNT, MARKETS, brokerOn, order, startFake } from '../../../../test/support/capital/capital-test-fixtures';

let fake: CapitalFake;
let broker: CapitalBroker;
beforeEach(async () => {
  fake = await startFake();
  broker = brokerOn(fake);
});
afterEach(async () => {
  await broker.disconnect();
  await fake.close();
});

const positionPosts = () => fake.count('POST', '/api/v1/positions');
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: unknown) => error,
  );

describe('Capital.com broker: connect', () => {
  it.each([
    ['GOLD', 'GOLD'],
    ['NASDAQ', 'US100'],
    ['EURUSD', 'EURUSD'],
  ] as const)('trades %s on the epic %s, read from GET /markets/{epic}', async (market, epic) => {
    broker = brokerOn(fake, { market });
    await broker.connect();
    expect(fake.count('GET', `/api/v1/markets/${epic}`)).toBe(1);
    expect(fake.count('GET', '/api/v1/markets')).toBe(0);
  });

  it('finds the Nasdaq by searching "US Tech 100" when the server knows no US100', async () => {
    await fake.close();
    const usTech = { ...MARKETS[1]!, epic: 'US_TECH_100' };
    fake = await startFake({
      markets: [usTech, { ...usTech, epic: 'US_TECH_100_MINI', instrumentName: 'US Tech 100 Mini' }],
    });
    broker = brokerOn(fake, { market: 'NASDAQ' });

    await broker.connect();
    await broker.openPosition(order({ lots: 0.1 }));

    const search = fake.requests.find((request) => request.path === '/api/v1/markets');
    expect(search?.query.get('searchTerm')).toBe('US Tech 100');
    expect(
      fake.requests.find((request) => request.method === 'POST' && request.path === '/api/v1/positions')
        ?.body,
    ).toEqual({
      epic: 'US_TECH_100',
      direction: 'BUY',
      size: 0.1,
    });
  });

  it("refuses a market that is not TRADEABLE with 'market-closed'", async () => {
    fake.setMarket('GOLD', { marketStatus: 'CLOSED' });
    const error = await caught(broker.connect());
    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({
      problem: 'market-closed',
      message: expect.stringContaining('CLOSED') as string,
    });
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
});

describe('Capital.com broker: opening', () => {
  beforeEach(async () => {
    await broker.connect();
  });

  it('sends a BUY of the lots and answers the position named in affectedDeals at the confirmed level', async () => {
    fake.hideConfirms(2); // the confirmation is not readable at once

    const position = await broker.openPosition(order({ clientRef: 'intent-7', lots: 0.5 }));

    const post = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/api/v1/positions',
    );
    expect(post?.body).toEqual({ epic: 'GOLD', direction: 'BUY', size: 0.5 });
    const reference = (post?.answer as { dealReference: string }).dealReference;
    expect(reference).toMatch(/^o_/);
    const confirms = fake.requests.filter((request) => request.path === `/api/v1/confirms/${reference}`);
    expect(confirms.map((request) => request.status)).toEqual([404, 404, 200]);
    const confirm = confirms[2]?.answer as { dealId: string; affectedDeals: { dealId: string }[] };
    const [held] = fake.positionsOf(ACCOUNT.apiKey);
    expect(held?.dealId).toBe(confirm.affectedDeals[0]?.dealId);
    expect(position.dealId).not.toBe(confirm.dealId);
    expect(position).toMatchObject({ dealId: held?.dealId, clientRef: 'intent-7', lots: 0.5, level: 2000.5 });
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 'funds'],
    ['MARKET_CLOSED', 'market-closed'],
    ['MARKET_OFFLINE', 'market-closed'],
    ['MINIMUM_ORDER_SIZE_ERROR', 'rejected'],
    ['DUPLICATE_ORDER_ERROR', 'rejected'],
    ['INSTRUMENT_NOT_FOUND', 'not-tradable'],
  ])(
    "turns a deal REJECTED for %s into BrokerError '%s' with the reason in the message",
    async (reason, problem) => {
      fake.rejectNextDeal(reason);
      const error = await caught(broker.openPosition(order()));
      expect(error).toBeInstanceOf(BrokerError);
      expect(error).toMatchObject({ problem, permanent: true });
      expect((error as BrokerError).message).toMatch(
        new RegExp(`^Capital\\.com ha rifiutato l'apertura della posizione su GOLD.*\\(${reason}\\)$`),
      );
      expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
      expect(positionPosts()).toBe(1);
    },
  );

  it('refuses lots under the minimum deal size without sending the order', async () => {
    await expect(broker.openPosition(order({ lots: 0.001 }))).rejects.toMatchObject({
      problem: 'rejected',
      message: expect.stringContaining('0.01') as string,
    });
    expect(positionPosts()).toBe(0);
  });

  it('answers the same position when an intent that went through is sent again', async () => {
    const first = await broker.openPosition(order());
    await expect(broker.openPosition(order())).resolves.toEqual(first);
    expect(positionPosts()).toBe(1);
  });
});

describe('Capital.com broker: after a timeout (spec section 9)', () => {
  beforeEach(async () => {
    broker = brokerOn(fake, { requestTimeoutMs: 300, confirmTimeoutMs: 50 });
    await broker.connect();
  });

  it('gives up on a slow POST as unavailable, then findOpened finds the position it opened: one POST in all', async () => {
    fake.delayNextPositionAnswer(2_000);
    const sent = order({ clientRef: 'intent-9' });

    await expect(broker.openPosition(sent)).rejects.toMatchObject({
      problem: 'unavailable',
      permanent: false,
    });
    const found = await broker.findOpened(sent);

    const [held] = fake.positionsOf(ACCOUNT.apiKey);
    expect(found).toMatchObject({ dealId: held?.dealId, clientRef: 'intent-9', lots: 0.5, level: 2000.5 });
    expect(found?.openedAt.getTime()).toBe(held?.createdAt);
    expect(positionPosts()).toBe(1);
  });

  it('reads the activity history when the position list does not show the position', async () => {
    fake.delayNextPositionAnswer(2_000);
    fake.hidePositions(true);
    const sent = order({ clientRef: 'intent-10', sentAt: new Date(Date.now() - 90_000) });

    await expect(broker.openPosition(sent)).rejects.toMatchObject({ problem: 'unavailable' });
    const found = await broker.findOpened(sent);

    const activity = fake.requests.find((request) => request.path === '/api/v1/history/activity');
    // From sentAt less the 2 s clock allowance until now.
    expect(Number(activity?.query.get('lastPeriod'))).toBeGreaterThanOrEqual(92);
    expect(Number(activity?.query.get('lastPeriod'))).toBeLessThanOrEqual(95);
    expect(activity?.query.get('detailed')).toBe('true');
    expect(activity?.query.get('filter')).toBe('epic==GOLD;type==POSITION');
    expect(found).toMatchObject({
      dealId: fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId,
      clientRef: 'intent-10',
    });
    expect(positionPosts()).toBe(1);
  });

  it('reads the confirmation first when the deal reference came back but its confirmation did not', async () => {
    fake.hideConfirms(1_000);
    const sent = order({ clientRef: 'intent-11' });

    await expect(broker.openPosition(sent)).rejects.toMatchObject({ problem: 'unavailable' });
    fake.hideConfirms(0);
    const found = await broker.findOpened(sent);

    expect(found?.dealId).toBe(fake.positionsOf(ACCOUNT.apiKey)[0]?.dealId);
    expect(fake.count('GET', '/api/v1/positions')).toBe(0);
  });

  it('prefers the position opened after the intent to one of the same size opened just before it', async () => {
    const sentAt = new Date();
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 0.5,
      level: 1999,
      createdAt: sentAt.getTime() - 1_000,
    });
    fake.delayNextPositionAnswer(2_000);
    const sent = order({ clientRef: 'intent-14', sentAt });

    await expect(broker.openPosition(sent)).rejects.toMatchObject({ problem: 'unavailable' });

    await expect(broker.findOpened(sent)).resolves.toMatchObject({ level: 2000.5, clientRef: 'intent-14' });
  });

  it('finds nothing when nothing went through, and never hands out a position matched to another order', async () => {
    const sentAt = new Date();
    const mine = await broker.openPosition(order({ clientRef: 'intent-12', sentAt }));
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 0.7,
      level: 2001,
      createdAt: Date.now(),
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 0.5,
      level: 2001,
      createdAt: Date.now() - 60_000,
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'EURUSD',
      direction: 'BUY',
      size: 0.5,
      level: 1.08,
      createdAt: Date.now(),
    });

    // Same size, same time as intent-12's position: it must not be taken for intent-13's.
    await expect(broker.findOpened(order({ clientRef: 'intent-13', sentAt }))).resolves.toBeNull();
    await expect(broker.findOpened(order({ clientRef: 'intent-12', sentAt }))).resolves.toEqual(mine);
    expect(positionPosts()).toBe(1);
  });
});

describe('Capital.com broker: positions and closing', () => {
  beforeEach(async () => {
    await broker.connect();
  });

  it("lists the open long positions of the bot's epic, with the intents the adapter knows", async () => {
    const mine = await broker.openPosition(order({ clientRef: 'intent-20', lots: 0.3 }));
    const manual = fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 1,
      level: 1990,
      createdAt: Date.parse('2026-11-20T09:30:00Z'),
    });
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'SELL',
      size: 1,
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

    expect(listed).toEqual([
      { ...mine, openedAt: listed[0]?.openedAt },
      {
        dealId: manual.dealId,
        clientRef: null,
        lots: 1,
        level: 1990,
        openedAt: new Date('2026-11-20T09:30:00Z'),
      },
    ]);
  });

  it('closes a position with DELETE /positions/{dealId} and answers the confirmed exit level', async () => {
    const position = await broker.openPosition(order());
    fake.setMarket('GOLD', { bid: 2010, offer: 2010.5 });

    const exit = await broker.closePosition(position.dealId, 2010);

    expect(fake.count('DELETE', `/api/v1/positions/${position.dealId}`)).toBe(1);
    expect(exit).toMatchObject({ dealId: position.dealId, level: 2010 });
    expect(exit.closedAt).toBeInstanceOf(Date);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    await expect(broker.positions()).resolves.toEqual([]);
  });

  it("refuses a close on a closed market with 'market-closed' and keeps the position", async () => {
    const position = await broker.openPosition(order());
    fake.setMarket('GOLD', { marketStatus: 'CLOSED' });

    await expect(broker.closePosition(position.dealId, 2000)).rejects.toMatchObject({
      problem: 'market-closed',
      message: expect.stringContaining('MARKET_CLOSED') as string,
    });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
  });

  it("answers 'unavailable' for a position Capital.com does not hold (404 error.not-found.dealId) and whose close its activity does not show", async () => {
    await expect(broker.closePosition('0060-gone', 2000)).rejects.toMatchObject({ problem: 'unavailable' });
    expect(fake.requests.find((request) => request.method === 'DELETE')).toMatchObject({
      status: 404,
      answer: { errorCode: 'error.not-found.dealId' },
    });
  });
});

describe("Capital.com broker: the cycle's stop held with each position", () => {
  beforeEach(async () => {
    await broker.connect();
  });

  const sentBodies = () =>
    fake.requests
      .filter((request) => request.method === 'POST' && request.path === '/api/v1/positions')
      .map((request) => request.body);

  it('sends the stop with the position; a quote through it closes the position at Capital.com, and a close asked then answers that close', async () => {
    const position = await broker.openPosition(order({ stopLevel: 1990 }));
    expect(sentBodies()).toEqual([{ epic: 'GOLD', direction: 'BUY', size: 0.5, stopLevel: 1990 }]);

    fake.pushQuote('GOLD', 1989.4, 1989.9);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    await expect(broker.positions()).resolves.toEqual([]);

    const exit = await broker.closePosition(position.dealId, 1989.4);
    expect(exit).toMatchObject({ dealId: position.dealId, level: 1989.4 });
    expect(exit.closedAt).toBeInstanceOf(Date);
    const closedOutside = await broker.closedOutside([position.dealId, '0060-never-held']);
    expect([...closedOutside.values()]).toEqual([
      { dealId: position.dealId, level: 1989.4, closedAt: exit.closedAt, byStop: true },
    ]);
  });

  it('tells a close made by hand from a stop', async () => {
    const position = await broker.openPosition(order({ stopLevel: 1990 }));
    await broker.closePosition(position.dealId, 2000);
    const closed = await broker.closedOutside([position.dealId]);
    expect(closed.get(position.dealId)).toMatchObject({ level: 2000, byStop: false });
  });

  it('opens the position without a stop Capital.com refuses (nearer than it allows): one position, the stop left to the bot', async () => {
    const position = await broker.openPosition(order({ stopLevel: 2000.2 }));
    expect(sentBodies()).toEqual([
      { epic: 'GOLD', direction: 'BUY', size: 0.5, stopLevel: 2000.2 },
      { epic: 'GOLD', direction: 'BUY', size: 0.5 },
    ]);
    const [held, ...others] = fake.positionsOf(ACCOUNT.apiKey);
    expect(others).toEqual([]);
    expect(held).toMatchObject({ dealId: position.dealId });
    expect(held?.stopLevel).toBeUndefined();
    fake.pushQuote('GOLD', 1900, 1900.5);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
  });
});
