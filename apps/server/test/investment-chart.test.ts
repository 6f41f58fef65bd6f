// An investment's view (issue 36, point 2): one call with the market's bars (the stored history
// and the feed's own candles, at most 1,500 points), the bot's entries and exits as markers (its
// transactions, and the open cycle's fills), the equity curve ending at capital + profit + open
// P/L, the open positions and the transactions; owner or admin, anyone else's investment a 404.
import {
  INVESTMENT_CHART_MAX_POINTS,
  INVESTMENT_CHART_MESSAGES,
  INVESTMENT_MESSAGES,
  INVESTMENT_CHART_API,
  urlOf,
  requestOf,
  type InvestmentChart,
  type LiveCandle,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { botOrders, transactions } from '@platform/db';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { closedCycle, investorWithInvestment } from './support/investment-cycles';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp } from './support/test-app';

/** Five days of stored GOLD minutes (7,200 bars), then the feed's candles: more than a chart's points. */
const FROM = '2025-10-01T00:00:00.000Z';
const FEED_FROM = Date.parse('2025-10-06T00:00:00Z');
const TO = '2025-10-06T02:00:00.000Z';
/** GOLD's contract size in the seeded instruments (100 ounces a lot); the fx rate is 1 with no EURUSD stored. */
const CONTRACT_SIZE = 100;

/** Two hours of the feed's one-minute candles after the stored bars, as the bot host keeps them. */
const feedCandles: LiveCandle[] = Array.from({ length: 120 }, (_, index) => ({
  time: FEED_FROM / 1000 + index * 60,
  open: 2010,
  high: 2012,
  low: 2008,
  close: index === 119 ? 2004 : 2010,
}));
const feed = { recentCandles: (_market: string, limit: number) => feedCandles.slice(-limit) };

/** A closed cycle of 500 EUR unless `values` say otherwise. */
const cycle = (...[investment, userId, values]: Parameters<typeof closedCycle>) =>
  closedCycle(investment, userId, { profitLoss: 500, ...values });

const chartUrl = (investmentId: string, query = `?from=${FROM}&to=${TO}`) =>
  `${urlOf(INVESTMENT_CHART_API.chart, { id: investmentId })}${query}`;

describe('an investment’s chart', () => {
  it('marks each transaction’s entry and exit on the market’s bars, in at most 1,500 points, with equity ending at capital + profit', async () => {
    const testApp = await createTestApp({ liveCandles: feed });
    testApp.prices.set('GOLD', '1m', oscillatingBars('2025-10-01', 5));
    const { ownerToken, investment, ownerId } = await investorWithInvestment(testApp);
    const rows = [
      cycle(investment, ownerId, {
        closedAt: new Date('2025-10-02T10:00:00Z'),
        exitPrice: 2005,
        profitLoss: 500,
      }),
      cycle(investment, ownerId, {
        openedAt: new Date('2025-10-03T08:00:00Z'),
        closedAt: new Date('2025-10-04T09:30:00Z'),
        lots: 2.5,
        entryPrice: 1990,
        exitPrice: 1975,
        reason: 'stop',
        profitLoss: -3750,
      }),
      cycle(investment, ownerId, { closedAt: new Date('2025-10-06T01:00:00Z'), profitLoss: 450 }),
      // Closed before the period: in the balance, not drawn.
      cycle(investment, ownerId, { closedAt: new Date('2025-09-20T10:00:00Z'), profitLoss: 100 }),
    ];
    await testApp.database.db.insert(transactions).values(rows);

    const { status, body } = await testApp.call<InvestmentChart>({
      method: 'GET',
      url: chartUrl(investment._id),
      token: ownerToken,
    });
    expect(status).toBe(200);
    const chart = body.data;
    expect(chart.market).toBe('GOLD');
    expect(chart.capital).toBe(10_000);

    const inPeriod = rows.slice(0, 3);
    expect(
      chart.markers.map(({ kind, time, price, lots, reason }) => ({ kind, time, price, lots, reason })),
    ).toEqual(
      inPeriod.flatMap((row) => [
        { kind: 'entry', time: row.openedAt.getTime(), price: row.entryPrice, lots: row.lots, reason: null },
        {
          kind: 'exit',
          time: row.closedAt.getTime(),
          price: row.exitPrice,
          lots: row.lots,
          reason: row.reason,
        },
      ]),
    );
    // Each transaction's two markers name it, and the list has the same transactions, newest first.
    const listed = chart.transactions.map((row) => row._id);
    expect(chart.transactions.map((row) => row.closedAt)).toEqual(
      inPeriod.map((row) => row.closedAt.toISOString()).reverse(),
    );
    expect(new Set(chart.markers.map((marker) => marker.transactionId))).toEqual(new Set(listed));
    expect(chart.transactionCount).toBe(3);

    // 7,200 stored minutes and 120 of the feed's: merged into at most 1,500 bars over the whole period.
    expect(chart.bars.time.length).toBeLessThanOrEqual(INVESTMENT_CHART_MAX_POINTS);
    expect(chart.bars.time.length).toBeGreaterThan(INVESTMENT_CHART_MAX_POINTS / 2);
    expect(chart.bars.time[0]).toBe(Date.parse(FROM));
    expect(chart.bars.close.at(-1)).toBe(2004);
    expect(chart.lastPrice).toBe(2004);
    expect(chart.equity.time).toEqual(chart.bars.time);
    expect(Math.max(...chart.bars.high)).toBeGreaterThanOrEqual(2012);

    // Capital + everything closed by the period's end; nothing open at its end.
    expect(chart.profit).toBe(100 + 500 - 3750 + 450);
    expect(chart.openPnl).toBe(0);
    expect(chart.equity.balance.at(-1)).toBe(10_000 + chart.profit);
    expect(chart.equity.equity.at(-1)).toBe(10_000 + chart.profit);
    expect(chart.equity.balance[0]).toBe(10_100);
    // While the stopped cycle was open its loss showed: equity under the balance, by 2.5 lots × (close − 1990) × 100.
    const during = chart.equity.time.findIndex((time) => time >= Date.parse('2025-10-04T00:00:00Z'));
    const close = chart.bars.close[during] as number;
    const end = chart.bars.time[during + 1] as number;
    expect(end).toBeLessThan(Date.parse('2025-10-04T09:30:00Z'));
    expect(chart.equity.equity[during]).toBeCloseTo(
      (chart.equity.balance[during] as number) + 2.5 * (close - 1990) * CONTRACT_SIZE,
      2,
    );
  });

  it('shows the open cycle’s fills as positions and entry markers, valued at the last price', async () => {
    const testApp = await createTestApp({ liveCandles: feed });
    const { ownerToken, investment } = await investorWithInvestment(testApp);
    const cycleId = randomUUID();
    const order = (
      level: number,
      lots: number,
      fillPrice: number,
      at: string,
      status: 'filled' | 'working',
    ) => ({
      id: randomUUID(),
      investmentId: investment._id,
      cycleId,
      kind: 'open' as const,
      level,
      lots,
      bid: fillPrice - 0.3,
      referencePrice: 2010,
      scale: 1,
      status,
      fillPrice: status === 'filled' ? fillPrice : null,
      createdAt: new Date(at),
      confirmedAt: status === 'filled' ? new Date(at) : null,
    });
    await testApp.database.db
      .insert(botOrders)
      .values([
        order(0, 1, 2010.3, '2025-10-06T00:30:00Z', 'filled'),
        order(1, 0.5, 2007.3, '2025-10-06T01:10:00Z', 'filled'),
        order(2, 0.5, 2004.3, '2025-10-06T01:40:00Z', 'working'),
      ]);

    const { body } = await testApp.call<InvestmentChart>({
      method: 'GET',
      url: chartUrl(investment._id, `?from=2025-10-06T00:00:00Z&to=${TO}`),
      token: ownerToken,
    });
    const chart = body.data;
    expect(
      chart.openPositions.map(({ level, lots, price, profitLoss }) => ({ level, lots, price, profitLoss })),
    ).toEqual([
      { level: 0, lots: 1, price: 2010.3, profitLoss: -630 },
      { level: 1, lots: 0.5, price: 2007.3, profitLoss: -165 },
    ]);
    expect(chart.markers.map(({ kind, price, transactionId }) => ({ kind, price, transactionId }))).toEqual([
      { kind: 'entry', price: 2010.3, transactionId: null },
      { kind: 'entry', price: 2007.3, transactionId: null },
    ]);
    expect(chart.openPnl).toBe(-795);
    expect(chart.equity.equity.at(-1)).toBe(10_000 - 795);
    expect(chart.equity.balance.at(-1)).toBe(10_000);
  });

  it('answers 404 for another customer’s investment and lets an admin see it', async () => {
    const testApp = await createTestApp();
    const { investment, ownerId } = await investorWithInvestment(testApp);
    await testApp.database.db
      .insert(transactions)
      .values([cycle(investment, ownerId, { closedAt: new Date('2025-10-02T10:00:00Z') })]);
    const stranger = (await login(testApp, await createUser(testApp))).jwt;
    const admin = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;

    const refused = await testApp.call({ method: 'GET', url: chartUrl(investment._id), token: stranger });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ ok: false, error: INVESTMENT_MESSAGES.notFound });
    const unknown = await testApp.call({ method: 'GET', url: chartUrl(randomUUID()), token: admin });
    expect(unknown.status).toBe(404);

    const seen = await testApp.call<InvestmentChart>({
      method: 'GET',
      url: chartUrl(investment._id),
      token: admin,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.markers).toHaveLength(2);
    // No price stored nor fed: no bars, and equity steps at each close and the period's end.
    expect(seen.body.data.bars.time).toEqual([]);
    expect(seen.body.data.equity.balance).toEqual([10_500, 10_500]);
  });

  it('refuses a period that is not one, in Italian', async () => {
    const testApp = await createTestApp();
    const { ownerToken, investment } = await investorWithInvestment(testApp);
    const bad = await testApp.call({
      method: 'GET',
      url: chartUrl(investment._id, '?from=ieri'),
      token: ownerToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ok: false, error: INVESTMENT_CHART_MESSAGES.badDate });
    const backwards = await testApp.call({
      method: 'GET',
      url: chartUrl(investment._id, `?from=${TO}&to=${FROM}`),
      token: ownerToken,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ ok: false, error: INVESTMENT_CHART_MESSAGES.badPeriod });
    const badId = await testApp.call({
      ...requestOf(API.investmentChart.chart, { id: 'abc' }),
      token: ownerToken,
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe(INVESTMENT_MESSAGES.notFound);
  });
});
