// Out of sample through the API (issue 36, point 6): a range that holds back the end of its period
// computes and ranks its rows on the bars before, and each row carries its run on the held-back
// bars, which is what a single backtest of the held-back days with the row's parameters gives.
// Every row also carries its time under water (point 5). Bad hold-backs are refused in Italian.
import {
  BACKTEST_MESSAGES,
  EQUITY_CURVE_API,
  urlOf,
  requestOf,
  type Backtest,
  type BacktestResult,
  type EquityCurveData,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

const RANGE = {
  type: 'range',
  capital: 10_000,
  accountType: 'retail',
  leverage: 20,
  market: 'GOLD',
  worst: 300,
  safeWorst: 400,
  from: '2024-03-01',
  to: '2024-03-05',
  dynamic: false,
  close: true,
};

async function setUp() {
  const testApp = await createTestApp();
  // Seven calm days, then a slide from the 4th on: the held-back day differs from the days before.
  const bars = oscillatingBars('2024-03-01', 7);
  const slideFrom = 3 * 1440;
  for (const column of [bars.o, bars.h, bars.l, bars.c]) {
    for (let index = slideFrom; index < column.length; index++) {
      column[index] = Math.round(((column[index] as number) - (index - slideFrom) * 0.02) * 100) / 100;
    }
  }
  testApp.prices.set('GOLD', '1m', bars);
  const admin = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const algorithm = await testApp.call<{ _id: string }>({
    ...requestOf(API.algorithms.add),
    token: admin,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 100, market: 'GOLD' },
  });
  const token = (await login(testApp, await createUser(testApp))).jwt;
  return { testApp, token, algorithm: algorithm.body.data._id };
}

async function finished(testApp: TestApp, token: string, config: object): Promise<Backtest> {
  const created = await testApp.call<Backtest>({
    ...requestOf(API.backtests.create),
    token,
    payload: { config },
  });
  expect(created.body.error).toBeUndefined();
  expect(await testApp.app.services.jobRunner.runOnce()).toBe(true);
  const done = await testApp.call<Backtest>({
    ...requestOf(API.backtests.get, { id: created.body.data._id }),
    token,
  });
  expect(done.body.data.isCompleted).toBe(2);
  return done.body.data;
}

/** A single backtest of the row's parameters over a period: its one row. */
async function singleRow(testApp: TestApp, token: string, row: BacktestResult, from: string, to: string) {
  const single = await finished(testApp, token, {
    ...RANGE,
    type: 'single',
    from,
    to,
    size: row.size,
    addizionale: row.addizionale,
    mediazione: row.mediazione,
    target: row.target,
    multiplier: row.multiplier,
  });
  return single.results[0]!;
}

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(expected)));

describe('a range that holds back the end of its period', () => {
  it('ranks rows on the first part, each with its held-back run equal to a single backtest of those days', async () => {
    const { testApp, token, algorithm } = await setUp();
    const range = await finished(testApp, token, { ...RANGE, algorithm, holdOut: 20 });
    expect(range.results).toHaveLength(1323);
    expect(range.holdOut).toBe(20);
    // Five days of bars, 20% of them the last day's: the split is that day's first bar.
    expect(range.heldBackFrom).toBe('2024-03-05T00:00:00.000Z');
    expect(range.results.every((row) => row.heldBack?.from === Date.parse('2024-03-05T00:00:00Z'))).toBe(
      true,
    );
    expect(range.results.some((row) => row.heldBack!.profit !== row.profit)).toBe(true);

    for (let index = 0; index < range.results.length; index += 127) {
      const row = range.results[index]!;
      const label = `row ${index}`;
      // The row's own figures are those of the first four days alone.
      const inSample = await singleRow(testApp, token, row, '2024-03-01', '2024-03-04');
      expect(row.trades, label).toBe(inSample.trades);
      expect(row.stops, label).toBe(inSample.stops);
      expect(row.timeUnderWaterDays, label).toBe(inSample.timeUnderWaterDays);
      close(row.profit, inSample.profit);
      close(row.maxDrawdown, inSample.maxDrawdown);
      close(row.requirement, inSample.requirement);
      // Its held-back run: afresh, on the last day alone.
      const outOfSample = await singleRow(testApp, token, row, '2024-03-05', '2024-03-05');
      const heldBack = row.heldBack!;
      expect(heldBack.trades, label).toBe(outOfSample.trades);
      expect(heldBack.stops, label).toBe(outOfSample.stops);
      expect(heldBack.timeUnderWaterDays, label).toBe(outOfSample.timeUnderWaterDays);
      close(heldBack.profit, outOfSample.profit);
      close(heldBack.interest, outOfSample.interest);
      close(heldBack.maxDrawdown, outOfSample.maxDrawdown);
      close(heldBack.openPnl, outOfSample.openPnl);
    }
    // Time under water is in days, and a grid that trades is under water for a while.
    expect(range.results.every((row) => row.timeUnderWaterDays! >= 0 && row.timeUnderWaterDays! <= 4)).toBe(
      true,
    );
    expect(range.results.some((row) => row.timeUnderWaterDays! > 0)).toBe(true);
  }, 120_000);

  it('draws a row’s equity curve over the part its rows were ranked on', async () => {
    const { testApp, token, algorithm } = await setUp();
    const range = await finished(testApp, token, { ...RANGE, algorithm, holdOut: 20 });
    const row = range.results.findIndex(
      (result) => result.trades > 0 && result.heldBack!.profit !== result.profit,
    );
    expect(row).toBeGreaterThanOrEqual(0);
    const curve = await testApp.call<EquityCurveData>({
      method: 'GET',
      url: urlOf(EQUITY_CURVE_API.curve, { id: range._id, row }),
      token,
    });
    expect(curve.body.error).toBeUndefined();
    const result = range.results[row]!;
    expect(curve.body.data.trades).toBe(result.trades);
    close(curve.body.data.finalBalance, RANGE.capital + result.profit);
    close(curve.body.data.maxDrawdown, result.maxDrawdown);
    expect(curve.body.data.points.time.at(-1)!).toBeLessThan(Date.parse(range.heldBackFrom!));
  }, 120_000);

  it('holds back nothing at 0, or when the request does not say', async () => {
    const { testApp, token, algorithm } = await setUp();
    for (const config of [
      { ...RANGE, algorithm, holdOut: 0 },
      { ...RANGE, algorithm },
    ]) {
      const range = await finished(testApp, token, config);
      expect(range.holdOut).toBe(0);
      expect(range.heldBackFrom).toBeNull();
      expect(range.results.every((row) => row.heldBack === null)).toBe(true);
    }
  });

  it('refuses a hold-back outside 0–50% with an Italian message, and stores nothing', async () => {
    const { testApp, token, algorithm } = await setUp();
    for (const holdOut of [60, -5, 'venti']) {
      const refused = await testApp.call<Backtest>({
        ...requestOf(API.backtests.create),
        token,
        payload: { config: { ...RANGE, algorithm, holdOut } },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, error: BACKTEST_MESSAGES.holdOutRange });
    }
    const list = await testApp.call<Backtest[]>({ ...requestOf(API.backtests.list), token });
    expect(list.body.data).toEqual([]);
  });
});
