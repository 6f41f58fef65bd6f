// The feed's candles kept in the database (issue 36): each candle the feed closes is stored in
// batches, the shutdown writes the rest, and an investment's chart draws them after a restart or
// once the bot host's memory has let them go, with the bot's markers on them.
import { INVESTMENT_CHART_API, urlOf, type InvestmentChart, type LiveCandle } from '@platform/contracts';
import { transactions, type DatabaseHandle } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { CANDLES_KEPT, CandleBook } from '../src/bots/host/feed/candle-book';
import type { PriceEvent } from '../src/bots/protocol/hub-protocol';
import { FLUSH_AFTER_MS, LiveCandleWriter } from '../src/modules/prices/live-candle-writer';
import { LiveCandlesRepository } from '../src/modules/prices/live-candles.repository';
import { manualTimers } from './support/capital/capital-test-fixtures';
import { closedCycle, investorWithInvestment } from './support/investment-cycles';
import { createTestApp, type TestApp } from './support/test-app';

const FEED_FROM = Date.parse('2025-10-06T00:00:00Z');
const MINUTE = 60_000;

/** The feed's candles as the bot host builds them, stored by a writer whose timers the test moves. */
function feedOver(database: DatabaseHandle) {
  const repository = new LiveCandlesRepository(database.db);
  const clock = manualTimers(FEED_FROM);
  const warnings: string[] = [];
  const writer = new LiveCandleWriter(repository, clock.timers, {
    warn: (_fields, message) => warnings.push(message),
  });
  const book = new CandleBook(writer.closed);
  return {
    repository,
    clock,
    writer,
    book,
    warnings,
    /** The minute's bar: it opens at `open`, moves to `high` and `low`, ends at `close`. */
    minute(index: number, { open, high, low, close }: Omit<LiveCandle, 'time'>) {
      const time = FEED_FROM + index * MINUTE;
      const event = (kind: PriceEvent['kind'], price: number, at: number): PriceEvent => ({
        market: 'GOLD',
        kind,
        price,
        time: at,
        sourceTime: at,
      });
      book.add(event('open', open, time));
      book.add(event('move', high, time + 10_000));
      book.add(event('move', low, time + 20_000));
      book.add(event('move', close, time + 30_000));
    },
  };
}

const candleAt = (index: number, close = 2010): LiveCandle => ({
  time: (FEED_FROM + index * MINUTE) / 1000,
  open: 2010,
  high: 2012,
  low: 2008,
  close,
});

const chartOf = async (testApp: TestApp, token: string, investmentId: string, from: number, to: number) => {
  const query = `?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  const { status, body } = await testApp.call<InvestmentChart>({
    method: 'GET',
    url: `${urlOf(INVESTMENT_CHART_API.chart, { id: investmentId })}${query}`,
    token,
  });
  expect(status).toBe(200);
  return body.data;
};

describe('the feed’s stored candles', () => {
  it('stores each candle the feed closes a few seconds later, the growing one at shutdown', async () => {
    const testApp = await createTestApp();
    const feed = feedOver(testApp.database);
    feed.minute(0, { open: 2010, high: 2015, low: 2005, close: 2011 });
    feed.minute(1, { open: 2011, high: 2013, low: 2009, close: 2012 });
    feed.minute(2, { open: 2012, high: 2012, low: 2001, close: 2002 });
    const all = () => feed.repository.between('GOLD', FEED_FROM, FEED_FROM + 3 * MINUTE);

    // Two candles closed: they wait for the batch's few seconds.
    expect(await all()).toEqual([]);
    feed.clock.advance(FLUSH_AFTER_MS);
    await feed.writer.flush();
    expect(await all()).toEqual([
      { time: FEED_FROM / 1000, open: 2010, high: 2015, low: 2005, close: 2011 },
      { time: FEED_FROM / 1000 + 60, open: 2011, high: 2013, low: 2009, close: 2012 },
    ]);

    // The shutdown (main.ts): the feed stopped, its growing candle is written without waiting.
    feed.book.closeGrowing();
    await feed.writer.flush();
    expect((await all()).at(-1)).toEqual({
      time: FEED_FROM / 1000 + 120,
      open: 2012,
      high: 2012,
      low: 2001,
      close: 2002,
    });
    expect(feed.clock.pendingDelays()).toEqual([]);
    expect(feed.warnings).toEqual([]);
  });

  it('keeps the last values of a candle written twice and reads from the one under way at the period’s start', async () => {
    const testApp = await createTestApp();
    const repository = new LiveCandlesRepository(testApp.database.db);
    await repository.save([0, 1, 2].map((index) => ({ market: 'GOLD', candle: candleAt(index) })));
    await repository.save([{ market: 'GOLD', candle: candleAt(1, 1999) }]);
    await repository.save([{ market: 'NASDAQ', candle: candleAt(1, 15_000) }]);

    const read = await repository.between('GOLD', FEED_FROM + 90_000, FEED_FROM + 2 * MINUTE);
    expect(read).toEqual([candleAt(1, 1999), candleAt(2)]);
  });

  it('draws the feed’s candles on an investment’s chart after a restart, with the bot’s markers', async () => {
    const before = await createTestApp();
    const feed = feedOver(before.database);
    for (let index = 0; index < 120; index++)
      feed.minute(index, { open: 2010, high: 2012, low: 2008, close: index === 119 ? 2004 : 2010 });
    feed.book.closeGrowing();
    await feed.writer.flush();

    // A restart: a new app over the same database, its bot host's memory empty.
    const after = await createTestApp({ database: before.database });
    const { ownerToken, investment, ownerId } = await investorWithInvestment(after);
    const cycle = closedCycle(investment, ownerId, {
      closedAt: new Date(FEED_FROM + 90 * MINUTE),
      exitPrice: 2004,
    });
    await after.database.db.insert(transactions).values([cycle]);

    const chart = await chartOf(after, ownerToken, investment._id, FEED_FROM, FEED_FROM + 2 * 3_600_000);
    expect(chart.bars.time).toEqual(Array.from({ length: 120 }, (_, index) => FEED_FROM + index * MINUTE));
    expect(chart.bars.high.every((high) => high === 2012)).toBe(true);
    expect(chart.lastPrice).toBe(2004);
    expect(chart.markers.map(({ kind, time, price }) => ({ kind, time, price }))).toEqual([
      { kind: 'entry', time: FEED_FROM + 30 * MINUTE, price: 2000 },
      { kind: 'exit', time: FEED_FROM + 90 * MINUTE, price: 2004 },
    ]);
  });

  it('draws the candles the bot host no longer keeps, the ones it keeps winning over their stored copies', async () => {
    const testApp = await createTestApp();
    const feed = feedOver(testApp.database);
    const minutes = CANDLES_KEPT + 30;
    for (let index = 0; index < minutes; index++)
      feed.minute(index, { open: 2010, high: 2012, low: 2008, close: index === 0 ? 1990 : 2010 });
    await feed.writer.flush();
    expect(feed.book.recentCandles('GOLD', minutes)[0]?.time).toBe(FEED_FROM / 1000 + 30 * 60);
    // A stored copy that differs from the candle in memory (a write of before the candle grew).
    await feed.repository.save([{ market: 'GOLD', candle: { ...candleAt(40), close: 1111 } }]);
    const live = await createTestApp({ database: testApp.database, liveCandles: feed.book });
    const { ownerToken, investment } = await investorWithInvestment(live);

    const whole = await chartOf(live, ownerToken, investment._id, FEED_FROM, FEED_FROM + minutes * MINUTE);
    expect(whole.bars.time[0]).toBe(FEED_FROM);
    expect(whole.bars.time.length).toBeGreaterThan(1000);
    expect(Math.min(...whole.bars.low)).toBe(1990);

    const seam = await chartOf(
      live,
      ownerToken,
      investment._id,
      FEED_FROM + 25 * MINUTE,
      FEED_FROM + 45 * MINUTE,
    );
    expect(seam.bars.time).toEqual(
      Array.from({ length: 21 }, (_, index) => FEED_FROM + (25 + index) * MINUTE),
    );
    expect(seam.bars.close).toEqual(Array.from({ length: 21 }, () => 2010));
  });
});
