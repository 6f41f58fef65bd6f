// kill -9 of a bot on Capital.com at each step of an order (issue 32): real bot processes (the
// bundle's source, through tsx), the server's hub and the account's link against the Capital.com
// fake. The bot is killed with SIGKILL before its order's POST, after the POST went out but before
// its answer, after the answer but before the reference was written, and in the middle of closing
// a cycle; a new process starts from what was written. Afterwards the broker holds exactly one
// position per order that filled, nothing was sent twice, and every closed cycle is one transaction.
import { describe, expect, it } from 'vitest';
import type { FakeMarket } from '../support/capital/capital-fake';
import { ACCOUNT } from '../support/capital/capital-test-fixtures';
import { liveBots, until, type LiveBots } from '../support/capital/live-bots';

type Harness = LiveBots & { trading: () => Promise<unknown> };

/** A GOLD investment of 0.5 lots and 0.5 a level on a live account of the fake, its bot a process. */
async function harness(gold: Partial<FakeMarket> = {}): Promise<Harness> {
  const bots = await liveBots({ markets: ['GOLD'], fakeMarkets: { GOLD: gold } });
  /** The bot is trading: it asked for its quotes. */
  const trading = () => until('the bot to take quotes', () => bots.fake.stream.subscriptions > 0);
  return { ...bots, trading };
}

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

describe('kill -9 of a bot on Capital.com', () => {
  it('before the POST: the intent is settled as never sent, and the next bar opens the cycle once', async () => {
    const h = await harness();
    h.hooks.intentWritten = (order) => order.kind === 'open' && order.level === 0;
    const died = h.runBot();
    await h.trading();
    h.quote('open', 2000);
    await died;
    expect(h.fake.dealt('POST', '/api/v1/positions')).toBe(0);
    h.hooks.intentWritten = undefined;

    void h.runBot();
    await until('the intent settled', async () =>
      (await h.orders()).every((order) => order.status === 'failed'),
    );
    await until('the new bot taking quotes', () => h.fake.stream.subscriptions > 1);
    await tradeOneCycle(h);

    expect(h.fake.dealt('POST', '/api/v1/positions')).toBe(1);
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

    expect(h.fake.dealt('POST', '/api/v1/positions')).toBe(1);
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

    expect(h.fake.dealt('POST', '/api/v1/positions')).toBe(1);
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
    expect(h.fake.dealt('DELETE', /^\/api\/v1\/positions\//)).toBe(2);
    await expectNothingDoubled(h);
  });
});
