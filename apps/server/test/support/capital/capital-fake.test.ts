// The Capital.com fake's own rules, over HTTP with fetch and no adapter: what the adapter's and the
// bot's tests rely on it to do as the real service does (spec/capital-api.md).
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CapitalFake, type CapitalFakeOptions } from './capital-fake';
import { ACCOUNT, GOLD_OPENING_HOURS, MARKETS } from './capital-fake-data';

/** A Wednesday noon, UTC: GOLD is open on its hours. */
const WEDNESDAY_NOON = Date.parse('2024-03-06T12:00:00Z');

let clock = WEDNESDAY_NOON;
let fake: CapitalFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

interface Answer {
  status: number;
  body: unknown;
}

interface Client {
  tokens: { CST: string; 'X-SECURITY-TOKEN': string };
  call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Answer>;
}

/**
 * A fake on the test's business clock, without the request budget unless the test asks for it
 * (the budget has a test of its own), and a client logged in to it.
 */
async function started(options: CapitalFakeOptions = {}): Promise<{ fake: CapitalFake; client: Client }> {
  clock = WEDNESDAY_NOON;
  fake = await CapitalFake.start({
    accounts: [ACCOUNT],
    markets: MARKETS,
    now: () => clock,
    requestsPerSecond: Number.POSITIVE_INFINITY,
    loginIntervalMs: 0,
    ...options,
  });
  return { fake, client: await logIn(fake) };
}

async function logIn(on: CapitalFake): Promise<Client> {
  const response = await fetch(`${on.apiUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CAP-API-KEY': ACCOUNT.apiKey },
    body: JSON.stringify({ identifier: ACCOUNT.identifier, password: ACCOUNT.password }),
  });
  expect(response.status).toBe(200);
  const tokens = {
    CST: response.headers.get('CST') ?? '',
    'X-SECURITY-TOKEN': response.headers.get('X-SECURITY-TOKEN') ?? '',
  };
  return {
    tokens,
    async call(method, path, body, signal) {
      const answer = await fetch(`${on.apiUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...tokens },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
      return { status: answer.status, body: await answer.json() };
    },
  };
}

const referenceOf = (answer: Answer) => (answer.body as { dealReference: string }).dealReference;

/** The confirmation of a deal request's answer. */
async function confirmOf(client: Client, answer: Answer): Promise<Record<string, unknown>> {
  expect(answer.status).toBe(200);
  const confirm = await client.call('GET', `/api/v1/confirms/${referenceOf(answer)}`);
  expect(confirm.status).toBe(200);
  return confirm.body as Record<string, unknown>;
}

async function activities(client: Client, query = ''): Promise<Record<string, unknown>[]> {
  const answer = await client.call('GET', `/api/v1/history/activity?detailed=true${query}`);
  return (answer.body as { activities: Record<string, unknown>[] }).activities;
}

const buyGold = (extra: object = {}) => ({ epic: 'GOLD', direction: 'BUY', size: 1, ...extra });
const limitBuyGold = (level: number, extra: object = {}) => ({
  ...buyGold(),
  type: 'LIMIT',
  level,
  ...extra,
});

describe('the request budget', () => {
  it('answers the 11th call of an account inside a second 429 over all its sessions (logins apart), and does not carry it out', async () => {
    let realTime = 0;
    const { fake, client } = await started({ requestsPerSecond: 10, requestClock: () => realTime });
    const second = await logIn(fake);

    const pings = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? client : second).call('GET', '/api/v1/ping')),
    );
    const eleventh = await second.call('POST', '/api/v1/positions', buyGold());

    expect(pings.map((ping) => ping.status)).toEqual(Array(10).fill(200));
    expect(eleventh).toEqual({ status: 429, body: { errorCode: 'error.too-many.requests' } });
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    expect(fake.rateLimited).toBe(1);
    expect(fake.count('POST', '/api/v1/positions')).toBe(1);

    realTime += 1_000;
    expect((await client.call('POST', '/api/v1/positions', buyGold())).status).toBe(200);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toHaveLength(1);
  });

  it('refuses a second login inside a second by its own rule, not by the account budget', async () => {
    const { fake } = await started({ requestsPerSecond: 10, loginIntervalMs: 1_000, requestClock: () => 0 });
    const again = await fetch(`${fake.apiUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CAP-API-KEY': ACCOUNT.apiKey },
      body: JSON.stringify({ identifier: ACCOUNT.identifier, password: ACCOUNT.password }),
    });
    expect(again.status).toBe(429);
    expect(fake.rateLimited).toBe(0);
  });
});

describe('dealing rules', () => {
  it('refuses sizes under the minimum, over the maximum and off the increment', async () => {
    const { fake, client } = await started();
    const sizes = await Promise.all(
      [0.5, 5_001, 1.005].map((size) => client.call('POST', '/api/v1/positions', buyGold({ size }))),
    );
    expect(sizes.map((answer) => answer.body)).toEqual([
      { errorCode: 'error.invalid.size.minvalue: 1' },
      { errorCode: 'error.invalid.size.maxvalue: 5000' },
      { errorCode: 'error.invalid.size.increment' },
    ]);
    expect((await client.call('POST', '/api/v1/positions', buyGold({ size: 1.07 }))).status).toBe(200);
    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.size)).toEqual([1.07]);
  });

  it('publishes the rules with the market', async () => {
    const { client } = await started();
    const { body } = await client.call('GET', '/api/v1/markets/US100');
    expect(body).toMatchObject({
      instrument: { lotSize: 1, type: 'INDICES' },
      dealingRules: {
        minDealSize: { unit: 'POINTS', value: 0.1 },
        maxDealSize: { unit: 'POINTS', value: 2_000 },
        minSizeIncrement: { unit: 'POINTS', value: 0.1 },
        minNormalStopOrLimitDistance: { unit: 'PERCENTAGE', value: 0.05 },
      },
      snapshot: { marketStatus: 'TRADEABLE', updateTime: '2024-03-06T14:00:00.000' },
    });
  });

  it('refuses a stop or a profit nearer than the minimum distance, naming the nearest level allowed', async () => {
    const { fake, client } = await started();
    // GOLD: bid 2000, offer 2000.5, at least 0.5 away. US100: bid 18000, offer 18001, 0.05 % away.
    const refused = await Promise.all([
      client.call('POST', '/api/v1/positions', buyGold({ stopLevel: 1999.6 })),
      client.call('POST', '/api/v1/positions', buyGold({ profitLevel: 2000.9 })),
      client.call('POST', '/api/v1/positions', {
        epic: 'US100',
        direction: 'BUY',
        size: 1,
        stopLevel: 17992,
      }),
      client.call('POST', '/api/v1/positions', buyGold({ direction: 'SELL', stopLevel: 2000.9 })),
      client.call('POST', '/api/v1/workingorders', limitBuyGold(1990, { stopLevel: 1989.8 })),
    ]);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual([
      [400, { errorCode: 'error.invalid.stoploss.maxvalue: 1999.5' }],
      [400, { errorCode: 'error.invalid.takeprofit.minvalue: 2001' }],
      [400, { errorCode: 'error.invalid.stoploss.maxvalue: 17991' }],
      [400, { errorCode: 'error.invalid.stoploss.minvalue: 2001' }],
      [400, { errorCode: 'error.invalid.stoploss.maxvalue: 1989.5' }],
    ]);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);

    const onTheBounds = await client.call(
      'POST',
      '/api/v1/positions',
      buyGold({ stopLevel: 1999.5, profitLevel: 2001 }),
    );
    expect(await confirmOf(client, onTheBounds)).toMatchObject({
      dealStatus: 'ACCEPTED',
      stopLevel: 1999.5,
      profitLevel: 2001,
    });
  });
});

describe('positions with their stops and profits', () => {
  it('takes profit at exactly its level on a continuous rise, and at the bid on a gap', async () => {
    const { fake, client } = await started();
    await client.call('POST', '/api/v1/positions', buyGold({ profitLevel: 2010 }));
    await client.call('POST', '/api/v1/positions', buyGold({ profitLevel: 2020 }));

    fake.pushQuote('GOLD', 2012, 2012.5);
    fake.pushQuote('GOLD', 2025, 2025.5, { gap: true });

    const closes = (await activities(client, '&filter=source==TP')).map((row) => row.details);
    expect(closes).toEqual([
      expect.objectContaining({ direction: 'SELL', level: 2010 }),
      expect.objectContaining({ direction: 'SELL', level: 2025 }),
    ]);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
  });

  it('stops a short when the offer reaches its stop, at exactly the stop on a continuous rise', async () => {
    const { fake, client } = await started();
    await client.call('POST', '/api/v1/positions', buyGold({ direction: 'SELL', stopLevel: 2010 }));

    fake.pushQuote('GOLD', 2012, 2012.5);

    expect((await activities(client, '&filter=source==SL')).map((row) => row.details)).toEqual([
      expect.objectContaining({ direction: 'BUY', level: 2010 }),
    ]);
  });

  it('amends the stop and profit of a position with PUT, under the same distance rule', async () => {
    const { fake, client } = await started();
    const opened = await confirmOf(client, await client.call('POST', '/api/v1/positions', buyGold()));
    const dealId = (opened.affectedDeals as { dealId: string }[])[0]?.dealId ?? '';

    const amended = await client.call('PUT', `/api/v1/positions/${dealId}`, {
      stopLevel: 1995,
      profitLevel: 2020,
    });
    expect(referenceOf(amended)).toMatch(/^p_/);
    expect(await confirmOf(client, amended)).toMatchObject({
      dealStatus: 'ACCEPTED',
      status: 'AMENDED',
      affectedDeals: [{ dealId, status: 'AMENDED' }],
    });
    const { body } = await client.call('GET', `/api/v1/positions/${dealId}`);
    expect(body).toMatchObject({
      position: { dealId, stopLevel: 1995, profitLevel: 2020, workingOrderId: null },
    });
    expect(await activities(client, '&filter=type==EDIT_STOP_AND_LIMIT')).toEqual([
      expect.objectContaining({ dealId, status: 'ACCEPTED' }),
    ]);

    expect((await client.call('PUT', `/api/v1/positions/${dealId}`, { stopLevel: 1999.9 })).body).toEqual({
      errorCode: 'error.invalid.stoploss.maxvalue: 1999.5',
    });
    expect((await client.call('PUT', '/api/v1/positions/no-such-deal', { stopLevel: 1990 })).body).toEqual({
      errorCode: 'error.not-found.dealId',
    });
    expect(fake.positionsOf(ACCOUNT.apiKey)[0]?.stopLevel).toBe(1995);
  });
});

describe('working orders', () => {
  it('answers with the order as the confirmation and the list documents it', async () => {
    const { client } = await started();
    const placed = await client.call(
      'POST',
      '/api/v1/workingorders',
      limitBuyGold(1995.5, { stopLevel: 1990 }),
    );
    expect(referenceOf(placed)).toMatch(/^o_/);
    const confirm = await confirmOf(client, placed);
    expect(confirm).toMatchObject({
      dealStatus: 'ACCEPTED',
      status: 'OPEN',
      affectedDeals: [{ dealId: confirm.dealId, status: 'OPENED' }],
      level: 1995.5,
      size: 1,
      direction: 'BUY',
    });
    const { body } = await client.call('GET', '/api/v1/workingorders');
    expect(body).toEqual({
      workingOrders: [
        {
          workingOrderData: expect.objectContaining({
            dealId: confirm.dealId,
            epic: 'GOLD',
            orderSize: 1,
            orderLevel: 1995.5,
            orderType: 'LIMIT',
            timeInForce: 'GOOD_TILL_CANCELLED',
            createdDateUTC: '2024-03-06T12:00:00.000',
            stopDistance: 5.5,
            stopLevel: 1990,
          }) as unknown,
          marketData: expect.objectContaining({ epic: 'GOLD', bid: 2000 }) as unknown,
        },
      ],
    });
  });

  it('fills a LIMIT buy at exactly its level on a continuous fall, with its stop, as a SYSTEM deal', async () => {
    const { fake, client } = await started();
    const confirm = await confirmOf(
      client,
      await client.call(
        'POST',
        '/api/v1/workingorders',
        limitBuyGold(1995.5, { stopLevel: 1990, profitLevel: 2005 }),
      ),
    );
    clock += 60_000;

    fake.pushQuote('GOLD', 1994, 1994.5);

    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({
        level: 1995.5,
        size: 1,
        stopLevel: 1990,
        profitLevel: 2005,
        workingOrderId: confirm.dealId,
        createdAt: clock,
      }),
    ]);
    const { body } = await client.call('GET', '/api/v1/positions');
    expect(body).toMatchObject({
      positions: [{ position: { workingOrderId: confirm.dealId, level: 1995.5 } }],
    });
    expect((await activities(client)).map((row) => [row.type, row.status, row.source])).toEqual([
      ['WORKING_ORDER', 'ACCEPTED', 'USER'],
      ['WORKING_ORDER', 'EXECUTED', 'SYSTEM'],
      ['POSITION', 'ACCEPTED', 'SYSTEM'],
    ]);
  });

  it('fills a LIMIT buy at the offer when a gap jumps past its level', async () => {
    const { fake, client } = await started();
    await client.call('POST', '/api/v1/workingorders', limitBuyGold(1995.5));

    fake.pushQuote('GOLD', 1990, 1990.5, { gap: true });

    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.level)).toEqual([1990.5]);
  });

  it('on a fall through a level and a stop at the same price, fills first, then stops everything there', async () => {
    const { fake, client } = await started();
    // The order fills when the offer comes down to 1995.5, the bid to 1995: the stops' price.
    fake.openPositionFor(ACCOUNT.apiKey, {
      epic: 'GOLD',
      direction: 'BUY',
      size: 1,
      level: 2000.5,
      createdAt: clock,
      stopLevel: 1995,
    });
    await client.call('POST', '/api/v1/workingorders', limitBuyGold(1995.5, { stopLevel: 1995 }));

    fake.pushQuote('GOLD', 1993, 1993.5);

    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    const rows = (await activities(client)).slice(1);
    expect(
      rows.map((row) => [row.type, row.status, row.source, (row.details as { level: number }).level]),
    ).toEqual([
      ['WORKING_ORDER', 'EXECUTED', 'SYSTEM', 1995.5],
      ['POSITION', 'ACCEPTED', 'SYSTEM', 1995.5],
      ['POSITION', 'ACCEPTED', 'SL', 1995],
      ['POSITION', 'ACCEPTED', 'SL', 1995],
    ]);
  });

  it('fills the levels one fall passes from the highest down, and a rise fills none', async () => {
    const { fake, client } = await started();
    for (const level of [1990.5, 1995.5, 1985.5]) {
      await client.call('POST', '/api/v1/workingorders', limitBuyGold(level));
    }

    fake.pushQuote('GOLD', 2005, 2005.5);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);
    fake.pushQuote('GOLD', 1988, 1988.5);

    expect(fake.positionsOf(ACCOUNT.apiKey).map((position) => position.level)).toEqual([1995.5, 1990.5]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey).map((order) => order.level)).toEqual([1985.5]);
  });

  it('amends and deletes an order, and answers 404 for one already gone', async () => {
    const { fake, client } = await started();
    const { dealId } = await confirmOf(
      client,
      await client.call('POST', '/api/v1/workingorders', limitBuyGold(1995.5)),
    );

    const amended = await client.call('PUT', `/api/v1/workingorders/${String(dealId)}`, {
      level: 1990.5,
      stopLevel: 1985,
    });
    expect(await confirmOf(client, amended)).toMatchObject({
      status: 'AMENDED',
      affectedDeals: [{ dealId, status: 'AMENDED' }],
    });
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([
      expect.objectContaining({ level: 1990.5, stopLevel: 1985 }),
    ]);

    const deleted = await client.call('DELETE', `/api/v1/workingorders/${String(dealId)}`);
    expect(referenceOf(deleted)).toMatch(/^o_/);
    expect(await confirmOf(client, deleted)).toMatchObject({
      status: 'DELETED',
      affectedDeals: [{ dealId, status: 'DELETED' }],
    });
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);
    expect((await client.call('DELETE', `/api/v1/workingorders/${String(dealId)}`)).body).toEqual({
      errorCode: 'error.not-found.dealId',
    });
    expect((await activities(client, '&filter=type==WORKING_ORDER')).map((row) => row.status)).toEqual([
      'ACCEPTED',
      'ACCEPTED',
      'ACCEPTED',
    ]);
  });

  it('refuses an order on the wrong side of the market', async () => {
    const { client } = await started();
    const confirm = await confirmOf(
      client,
      await client.call('POST', '/api/v1/workingorders', limitBuyGold(2001)),
    );
    expect(confirm).toMatchObject({ dealStatus: 'REJECTED', reason: 'WRONG_SIDE_OF_MARKET' });
  });

  it('lets an order lapse at its goodTillDate and refuses one in the past', async () => {
    const { fake, client } = await started();
    const past = await client.call(
      'POST',
      '/api/v1/workingorders',
      limitBuyGold(1995.5, { goodTillDate: '2024-03-06T11:59:59' }),
    );
    expect(past.body).toEqual({ errorCode: 'error.not-in-future.goodTillDate' });
    await client.call(
      'POST',
      '/api/v1/workingorders',
      limitBuyGold(1995.5, { goodTillDate: '2024-03-06T13:00:00' }),
    );

    clock = Date.parse('2024-03-06T13:00:00Z');
    const later = await logIn(fake);

    expect((await later.call('GET', '/api/v1/workingorders')).body).toEqual({ workingOrders: [] });
    expect((await activities(later, '&lastPeriod=7200')).map((row) => row.status)).toEqual([
      'ACCEPTED',
      'EXPIRED',
    ]);
    expect(fake.workingOrdersOf(ACCOUNT.apiKey)).toEqual([]);
  });

  it('places the order at once when its answer comes after the client gave up', async () => {
    const { fake, client } = await started();
    fake.delayNextWorkingOrderAnswer(60_000);
    const giveUp = new AbortController();

    const sent = client.call('POST', '/api/v1/workingorders', limitBuyGold(1995.5), giveUp.signal);

    await expect.poll(() => fake.workingOrdersOf(ACCOUNT.apiKey).length).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/workingorders', status: 0 });
    giveUp.abort();
    await expect(sent).rejects.toThrow();
    expect((await client.call('POST', '/api/v1/workingorders', limitBuyGold(1990.5))).status).toBe(200);
  });
});

describe('markets that close', () => {
  it('closes GOLD on its hours on the test clock, refusing deals with MARKET_CLOSED, and opens it again on Sunday night', async () => {
    const { fake } = await started();
    fake.setMarket('GOLD', { openingHours: GOLD_OPENING_HOURS });
    clock = Date.parse('2024-03-08T21:00:00Z');
    let client = await logIn(fake);

    expect((await client.call('GET', '/api/v1/markets/GOLD')).body).toMatchObject({
      snapshot: { marketStatus: 'CLOSED' },
    });
    const open = await confirmOf(client, await client.call('POST', '/api/v1/positions', buyGold()));
    const order = await confirmOf(
      client,
      await client.call('POST', '/api/v1/workingorders', limitBuyGold(1995.5)),
    );
    expect([open, order].map((confirm) => [confirm.dealStatus, confirm.reason])).toEqual([
      ['REJECTED', 'MARKET_CLOSED'],
      ['REJECTED', 'MARKET_CLOSED'],
    ]);
    fake.pushQuote('GOLD', 1990, 1990.5);
    expect(fake.positionsOf(ACCOUNT.apiKey)).toEqual([]);

    clock = Date.parse('2024-03-10T22:00:00Z');
    client = await logIn(fake);
    expect(fake.marketStatusOf('GOLD')).toBe('TRADEABLE');
    expect(await confirmOf(client, await client.call('POST', '/api/v1/positions', buyGold()))).toMatchObject({
      dealStatus: 'ACCEPTED',
      level: 1990.5,
    });

    fake.setMarket('GOLD', { marketStatus: 'SUSPENDED' });
    expect(fake.marketStatusOf('GOLD')).toBe('SUSPENDED');
  });

  it('keeps a refused deal in the activity as a REJECTED row with its details', async () => {
    const { fake, client } = await started();
    fake.rejectNextDeal('INSUFFICIENT_FUNDS');
    const confirm = await confirmOf(client, await client.call('POST', '/api/v1/positions', buyGold()));
    expect(confirm).toMatchObject({
      dealStatus: 'REJECTED',
      reason: 'INSUFFICIENT_FUNDS',
      affectedDeals: [],
    });

    expect(await activities(client, '&filter=epic==GOLD;type==POSITION')).toEqual([
      expect.objectContaining({
        type: 'POSITION',
        status: 'REJECTED',
        details: expect.objectContaining({ size: 1, direction: 'BUY', level: 2000.5 }) as unknown,
      }),
    ]);
    expect(await activities(client, '&filter=status==ACCEPTED')).toEqual([]);
  });
});

describe('the quote stream', () => {
  it('sends a pushed quote to subscribers, stamped with the business clock', async () => {
    const { fake, client } = await started();
    const { tokens } = client;
    const socket = new WebSocket(fake.streamUrl);
    const frames: unknown[] = [];
    socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({
        destination: 'marketData.subscribe',
        correlationId: '1',
        cst: tokens.CST,
        securityToken: tokens['X-SECURITY-TOKEN'],
        payload: { epics: ['GOLD'] },
      }),
    );
    await expect.poll(() => frames.length).toBe(1);

    expect(fake.pushQuote('GOLD', 1999, 1999.5)).toBe(1);

    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]).toEqual({
      status: 'OK',
      destination: 'quote',
      payload: {
        epic: 'GOLD',
        product: 'CFD',
        bid: 1999,
        bidQty: 1000,
        ofr: 1999.5,
        ofrQty: 1000,
        timestamp: clock,
      },
    });
    socket.close();
  });
});

describe('the account', () => {
  it('tells its preferences: hedging mode and leverages', async () => {
    const { client } = await started({ accounts: [{ ...ACCOUNT, hedgingMode: true }] });
    const { body } = await client.call('GET', '/api/v1/accounts/preferences');
    expect(body).toMatchObject({
      hedgingMode: true,
      leverages: {
        SHARES: { current: 5, available: [1, 2, 5] },
        CURRENCIES: { current: 30 },
        INDICES: { current: 20 },
        CRYPTOCURRENCIES: { current: 2 },
        COMMODITIES: { current: 20 },
      },
    });
    expect((await client.call('GET', '/api/v1/accounts')).body).toMatchObject({
      accounts: [{ status: 'ENABLED', preferred: true }],
    });
  });

  it('lets a session lapse after 10 idle minutes on the business clock', async () => {
    const { client } = await started();
    clock += 10 * 60_000 + 1;
    expect((await client.call('GET', '/api/v1/ping')).body).toEqual({
      errorCode: 'error.invalid.session.token',
    });
  });
});
