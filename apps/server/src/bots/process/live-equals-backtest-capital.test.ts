// Live equals backtest on Capital.com (issue 32), as it does on paper (live-equals-backtest.test.ts):
// a bot on the Capital.com adapter, against the fake, fed a month of real GOLD and EURUSD bars of
// fixtures/real-bars as the replay feed hands them out, with the fake's prices moving along the same
// path. The broker holds the grid: the cycle's stop and take profit on every position and the next
// level as a working order, and fills them where the path meets them. The bot books the broker's
// levels and sizes, so it makes the backtest's trades: the same cycles, entries, stops and exits,
// but for a take profit, which the broker holds on its price grid (rounded up to a cent of GOLD, a
// hundred-thousandth of EURUSD) where the engine exits at the exact average plus the target
// (engine.md fine point 7): a cycle's money may differ by its lots times one tick.
// Paths are cut into steps shorter than half a grid step, so that no step between two prices
// passes two levels: the bot rests one level at a time, as a real quote stream gives it time to.
import { fxFromCloses, runGrid, walkGrid, type Bars } from '@platform/engine';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MemoryLedger } from '../../../test/support/bots/memory-ledger';
import {
  EURUSD_FILE,
  GOLD_FILE,
  INSTRUMENTS,
  barsOf,
  fxTableOf,
  gridParams,
  monthOf,
  replaySetup,
  replayed,
  silent,
  type TestMarket,
} from '../../../test/support/bots/real-months';
import { MARKETS, brokerOn, linkOn, startFake } from '../../../test/support/capital/capital-test-fixtures';
import { GridBot } from './grid-bot';
import type { PriceEvent } from '../protocol/hub-protocol';

/** The price grid of the files, which the fake quotes on (snapshot.decimalPlacesFactor): histdata's gold has three decimals. */
const TICK: Record<TestMarket, number> = { GOLD: 0.001, EURUSD: 0.00001 };
const DECIMALS: Record<TestMarket, number> = { GOLD: 3, EURUSD: 5 };

/** The replay's prices with every move longer than half a grid step cut into shorter ones, on the tick grid. */
function inSteps(market: TestMarket, events: PriceEvent[]): PriceEvent[] {
  const { point } = INSTRUMENTS[market];
  const longest = (gridParams(market, false).mediazione * point) / 2;
  const onTick = (price: number) => Math.round(price / TICK[market]) * TICK[market];
  const out: PriceEvent[] = [];
  let last: number | null = null;
  for (const event of events) {
    if (event.kind === 'move' && last !== null) {
      const steps = Math.ceil(Math.abs(event.price - last) / longest);
      for (let step = 1; step < steps; step++)
        out.push({ ...event, price: onTick(last + ((event.price - last) * step) / steps) });
    }
    out.push(event);
    last = event.price;
  }
  return out;
}

describe('a bot on Capital.com fed a month of stored bars', () => {
  const bars: Partial<Record<TestMarket, Bars>> = {};
  let eurusdQuarter: Bars;
  beforeAll(async () => {
    bars.GOLD = await monthOf(GOLD_FILE, 2);
    bars.EURUSD = await monthOf(EURUSD_FILE, 1);
    eurusdQuarter = await barsOf(EURUSD_FILE);
  });

  it.each(['GOLD', 'EURUSD'] as const)(
    "makes the backtest's trades on %s, filled at the broker's levels by the orders it rests there",
    async (market) => {
      // The month's requests as fast as loopback allows: the budget is another test's (three bots on one account).
      const fake = await startFake({
        requestsPerSecond: Number.POSITIVE_INFINITY,
        markets: MARKETS.map((row) => (row.epic === market ? { ...row, decimals: DECIMALS[market] } : row)),
      });
      onTestFinished(() => fake.close());
      const link = linkOn(fake, { budget: { perWindow: 100_000 } });
      onTestFinished(() => link.close());
      const ledger = new MemoryLedger();
      const period = bars[market]!;
      const params = gridParams(market, false);
      const fx = fxTableOf(eurusdQuarter, period);
      const broker = brokerOn(fake, { market, link, journal: ledger, confirmIntervalMs: 1 });
      const capital = { kind: 'capital', demo: false, accountRowId: '' } as const;
      const bot = new GridBot(replaySetup(market, params, fx, ledger, capital), broker, ledger, {
        logger: silent,
        watchMs: 3_600_000,
      });
      onTestFinished(() => bot.stop());
      await bot.start();
      const spread = INSTRUMENTS[market].spreadPoints * INSTRUMENTS[market].point;
      const epic = market;
      for (const event of inSteps(market, replayed(market, period))) {
        const ask = Math.round((event.price + spread) / TICK[market]) * TICK[market];
        fake.pushQuote(epic, event.price, ask, { gap: event.kind === 'open' });
        bot.onPrice(event);
        await bot.idle();
      }
      expect(bot.halted).toBeNull();
      expect(bot.paused).toBeNull();

      const curve = fxFromCloses(eurusdQuarter.t, eurusdQuarter.c);
      const backtest = runGrid(period, params, INSTRUMENTS[market], curve);
      const walked = walkGrid(period, params, INSTRUMENTS[market], curve);
      expect(backtest.trades).toBeGreaterThan(5);
      expect(backtest.stops).toBeGreaterThan(0);
      expect(ledger.cycles).toHaveLength(backtest.trades);
      expect(ledger.cycles.filter((cycle) => cycle.reason === 'stop')).toHaveLength(backtest.stops);
      const { contractSize } = INSTRUMENTS[market];
      let bound = 0;
      ledger.cycles.forEach((cycle, index) => {
        const expected = walked.cycles[index]!;
        expect(cycle.reason).toBe(expected.reason);
        expect(cycle.lots).toBeCloseTo(expected.lots, 9);
        expect(cycle.entryPrice).toBeCloseTo(expected.entryPrice, 6);
        // A take profit rounded up to the broker's tick: never under the engine's exit, less than a tick over.
        const tickMoney = (cycle.lots * TICK[market] * contractSize) / fx.rates[0]!;
        const tolerance = cycle.reason === 'take-profit' ? tickMoney * 1.5 : 1e-6;
        expect(cycle.exitPrice - expected.exitPrice).toBeGreaterThanOrEqual(-1e-9);
        expect(Math.abs(cycle.profitLoss - expected.profitLoss)).toBeLessThanOrEqual(tolerance);
        bound += tolerance;
      });
      expect(Math.abs(ledger.realisedEur - backtest.profit)).toBeLessThanOrEqual(bound);

      // The broker held the grid: the averaging entries filled as the working orders resting there,
      // but where a bar opened under two levels at once (the second was not resting yet: it went at
      // the market, at the open plus the spread, as the engine fills a gap).
      const orders = [...ledger.orders.values()];
      const levelsFilled = orders.filter(
        (order) => order.kind === 'open' && order.status === 'filled' && order.level !== 0,
      );
      const rested = levelsFilled.filter((order) => order.orderType === 'limit');
      expect(levelsFilled.length).toBeGreaterThan(10);
      expect(rested.length).toBeGreaterThan(levelsFilled.length * 0.9);
      expect(orders.filter((order) => order.status === 'intent')).toEqual([]);
    },
    60_000,
  );
});
