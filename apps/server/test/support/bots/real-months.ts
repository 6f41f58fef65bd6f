// Real price files for the live-equals-backtest tests (fixtures/real-bars): a month of GOLD or EURUSD
// of 2019 as bars, their prices as the replay feed hands them out, the fx table a bot gets, and
// the grids those tests trade (steps of the default sweep with a stop near enough that a month
// holds cycles and stops).
import type { Market } from '@platform/contracts';
import { fxFromCloses, type Bars, type GridParams, type InstrumentSpec } from '@platform/engine';
import { importCsv } from '@platform/marketdata';
import { ReplaySchedule } from '../../../src/bots/host/feed/replay-schedule';
import type { BotSetup, BrokerSetup, FxTable, PriceEvent } from '../../../src/bots/protocol/hub-protocol';
import {
  EURUSD_2019_Q1,
  GOLD_2019_H1,
  openRealFile,
  type RealFile,
} from '../../../../../fixtures/real-bars/real-bars';
import type { MemoryLedger } from './memory-ledger';

export const GOLD_FILE = GOLD_2019_H1;
export const EURUSD_FILE = EURUSD_2019_Q1;

export type TestMarket = Extract<Market, 'GOLD' | 'EURUSD'>;

export const INSTRUMENTS: Record<TestMarket, InstrumentSpec> = {
  GOLD: { point: 0.1, contractSize: 100, spreadPoints: 3 },
  EURUSD: { point: 0.0001, contractSize: 100_000, spreadPoints: 1 },
};

const GRIDS = {
  GOLD: { mediazione: 30, target: 50, worst: 150, safeWorst: 200 },
  EURUSD: { mediazione: 10, target: 10, worst: 100, safeWorst: 150 },
};

/** size 1, addizionale 0.5 on 10,000 EUR at leverage 20; no end close, as a live bot has none. */
export function gridParams(market: TestMarket, dynamic: boolean): GridParams {
  return {
    size: 1,
    addizionale: 0.5,
    multiplier: 1,
    ...GRIDS[market],
    capital: 10_000,
    leverage: 20,
    dynamic,
    close: false,
  };
}

export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Every 1m bar of a real file. */
export async function barsOf(file: RealFile): Promise<Bars> {
  return (await importCsv(openRealFile(file), { timeframe: '1m' })).bars.toColumns();
}

export async function monthOf(file: RealFile, month: number): Promise<Bars> {
  const all = await barsOf(file);
  const from = Date.UTC(2019, month, 1);
  const to = Date.UTC(2019, month + 1, 1);
  const keep = [...all.t.keys()].filter(
    (index) => (all.t[index] as number) >= from && (all.t[index] as number) < to,
  );
  const pick = (column: Float64Array) => Float64Array.from(keep, (index) => column[index] as number);
  return { t: pick(all.t), o: pick(all.o), h: pick(all.h), l: pick(all.l), c: pick(all.c) };
}

/** fx(d) of the backtest as the bot gets it: a table over the days of the period. */
export function fxTableOf(eurusd: Bars, bars: Bars): FxTable {
  const curve = fxFromCloses(eurusd.t, eurusd.c);
  const firstDay = Math.floor((bars.t[0] as number) / 86_400_000);
  const lastDay = Math.floor((bars.t[bars.t.length - 1] as number) / 86_400_000);
  return {
    firstDay,
    rates: Array.from({ length: lastDay - firstDay + 1 }, (_, day) => curve.rateOnDay(firstDay + day)),
  };
}

/** Every price of the bars as the replay feed hands them out, fast. */
export function replayed(market: TestMarket, bars: Bars): PriceEvent[] {
  const schedule = new ReplaySchedule(market, bars, { speed: 60_000, startedAt: 0, first: 0 });
  const events: PriceEvent[] = [];
  for (let now = 0; events.length < bars.t.length * 4; now += 10) events.push(...schedule.eventsUntil(now));
  return events.slice(0, bars.t.length * 4);
}

/** A bot's set-up for the test's market and grid, from what the ledger holds. */
export function replaySetup(
  market: TestMarket,
  params: GridParams,
  fx: FxTable,
  ledger: MemoryLedger,
  broker: BrokerSetup,
): BotSetup {
  return {
    investmentId: 'test-investment',
    market,
    params,
    instrument: INSTRUMENTS[market],
    maxLots: Number.MAX_SAFE_INTEGER,
    fx,
    broker,
    realisedEur: ledger.realisedEur,
    openOrders: ledger.openOrders(),
  };
}
