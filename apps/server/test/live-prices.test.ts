// GET /api/common/live-prices/:market: the overview's live charts read the feed's last candles
// through the LiveCandleSource port; here a source in memory stands in for the feed.
import {
  LIVE_CANDLES_LIMIT,
  requestOf,
  type LiveCandle,
  type LivePrices,
  type Market,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import type { LiveCandleSource } from '../src/modules/prices/live-candles';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

const START = Date.UTC(2026, 10, 25, 9, 0) / 1000;

/** `count` one-minute candles from START, around `price`. */
function candles(count: number, price: number): LiveCandle[] {
  return Array.from({ length: count }, (_, minute) => {
    const open = price + minute;
    return { time: START + minute * 60, open, high: open + 2, low: open - 1, close: open + 1 };
  });
}

/** Holds candles per market and, like a careless feed, hands back all of them whatever the limit. */
class MemoryCandles implements LiveCandleSource {
  readonly asked: { market: Market; limit: number }[] = [];
  constructor(private readonly byMarket: Partial<Record<Market, LiveCandle[]>>) {}
  recentCandles(market: Market, limit: number): LiveCandle[] {
    this.asked.push({ market, limit });
    return this.byMarket[market] ?? [];
  }
}

describe('live prices', () => {
  it("answers a user the market's recent candles, oldest first", async () => {
    const gold = candles(3, 2400);
    const testApp = await createTestApp({
      liveCandles: new MemoryCandles({ GOLD: gold, NASDAQ: candles(2, 21_000) }),
    });
    const token = (await login(testApp, await createUser(testApp))).jwt;

    const { status, body } = await testApp.call<LivePrices>({
      ...requestOf(API.livePrices.recent, { market: 'GOLD' }),
      token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, data: { market: 'GOLD', candles: gold } });
  });

  it('serves sales and admins too', async () => {
    const testApp = await createTestApp({ liveCandles: new MemoryCandles({ NASDAQ: candles(2, 21_000) }) });
    for (const role of ['sales', 'admin'] as const) {
      const token = (await login(testApp, await createUser(testApp, { role }))).jwt;
      const { status, body } = await testApp.call<LivePrices>({
        ...requestOf(API.livePrices.recent, { market: 'NASDAQ' }),
        token,
      });
      expect(status, role).toBe(200);
      expect(body.data.candles, role).toHaveLength(2);
    }
  });

  it('refuses a visitor without a token with 401', async () => {
    const testApp = await createTestApp({ liveCandles: new MemoryCandles({ GOLD: candles(3, 2400) }) });
    const { status, body } = await testApp.call({ ...requestOf(API.livePrices.recent, { market: 'GOLD' }) });
    expect(status).toBe(401);
    expect(body.ok).toBe(false);
  });

  it('answers an unknown market with a 400 envelope', async () => {
    const testApp = await createTestApp({ liveCandles: new MemoryCandles({}) });
    const token = (await login(testApp, await createUser(testApp))).jwt;
    const { status, body } = await testApp.call({
      ...requestOf(API.livePrices.recent, { market: 'BTCUSD' }),
      token,
    });
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.error).toEqual(expect.any(String));
    expect(body.error.length).toBeGreaterThan(0);
  });

  it('asks the source for the limit and never answers more, keeping the newest', async () => {
    const many = candles(LIVE_CANDLES_LIMIT + 30, 2400);
    const source = new MemoryCandles({ GOLD: many });
    const testApp = await createTestApp({ liveCandles: source });
    const token = (await login(testApp, await createUser(testApp))).jwt;

    const { body } = await testApp.call<LivePrices>({
      ...requestOf(API.livePrices.recent, { market: 'GOLD' }),
      token,
    });
    expect(source.asked).toEqual([{ market: 'GOLD', limit: LIVE_CANDLES_LIMIT }]);
    expect(body.data.candles).toHaveLength(LIVE_CANDLES_LIMIT);
    expect(body.data.candles.at(-1)).toEqual(many.at(-1));
  });

  it('answers no candles while no feed is wired', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp))).jwt;
    const { status, body } = await testApp.call<LivePrices>({
      ...requestOf(API.livePrices.recent, { market: 'NASDAQ' }),
      token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, data: { market: 'NASDAQ', candles: [] } });
  });
});
