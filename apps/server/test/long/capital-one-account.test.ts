// Three investments on one Capital.com account trading at once (issue 32): GOLD, NASDAQ and EURUSD
// bots, each its own process, deciding on the same instant. They share the account's one session
// and one request budget in the server (capital-links.ts), so Capital.com (the fake, which answers
// 429 past 10 requests a second per account) never refuses one of their requests, and logs in once.
import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../support/capital/capital-test-fixtures';
import { liveBots, until } from '../support/capital/live-bots';

describe('bots on one Capital.com account', () => {
  it('share one session and stay within the request limit, trading three markets at once', async () => {
    const bots = await liveBots({ markets: ['GOLD', 'NASDAQ', 'EURUSD'] });
    for (const market of ['GOLD', 'NASDAQ', 'EURUSD'] as const) void bots.runBot(market);

    // The same instant on the three markets: every bot opens its cycle and rests its first level.
    // The quotes go out again until the last bot to subscribe has one: a bot's first quote opens a
    // bar, the next ones of the minute change nothing.
    let kind: 'open' | 'jump' = 'open';
    await until('three cycles opened, their levels resting', () => {
      bots.quote(kind, 2000, 'GOLD');
      bots.quote(kind, 18000, 'NASDAQ');
      bots.quote(kind, 1.08, 'EURUSD');
      kind = 'jump';
      return bots.fake.workingOrdersOf(ACCOUNT.apiKey).length === 3;
    });

    // And a fall on the three: each level fills at the broker, each bot moves its take profits and rests the next.
    bots.quote('jump', 1996.9, 'GOLD');
    bots.quote('jump', 17899, 'NASDAQ');
    bots.quote('jump', 1.0749, 'EURUSD');
    const settled = async () => {
      for (const market of ['GOLD', 'NASDAQ', 'EURUSD'] as const)
        if ((await bots.orders(market)).some((order) => order.status === 'intent')) return false;
      return true;
    };
    await until(
      'the next levels resting, written',
      async () =>
        bots.fake.positionsOf(ACCOUNT.apiKey).length === 6 &&
        bots.fake.workingOrdersOf(ACCOUNT.apiKey).length === 3 &&
        (await settled()),
    );

    expect(bots.fake.rateLimited).toBe(0);
    expect(bots.fake.requests.filter((request) => request.status === 429)).toEqual([]);
    expect(bots.fake.count('POST', '/api/v1/session')).toBe(1);
    expect(bots.fake.stream.connections).toBe(1);
    // Sizes in Capital.com's units: 50 oz of gold, 0.5 of the Nasdaq's $-per-point contract, 50,000 EUR.
    expect(
      bots.fake.requests
        .filter((request) => request.method === 'POST' && request.path === '/api/v1/positions')
        .map((request) => request.body as { epic: string; size: number })
        .map(({ epic, size }) => [epic, size])
        .sort(),
    ).toEqual([
      ['EURUSD', 50_000],
      ['GOLD', 50],
      ['US100', 0.5],
    ]);
  });
});
