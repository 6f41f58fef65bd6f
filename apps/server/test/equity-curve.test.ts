// A result row's equity curve through the API (issue 36, point 1): made again on demand from the
// row's parameters and period, it ends at the row's balance and equity and its worst drawdown is
// the row's, to the cent, over rows of real sweeps (single and range, static and dynamic, closed
// at the end or not); owner or admin only; bad input refused with the envelope.
import {
  BACKTEST_MESSAGES,
  EQUITY_CURVE_API,
  EQUITY_CURVE_MESSAGES,
  urlOf,
  requestOf,
  type Backtest,
  type BacktestResult,
  type EquityCurveData,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import type { Bars } from '@platform/engine';
import { importCsv } from '@platform/marketdata';
import { describe, expect, it } from 'vitest';
import {
  EURUSD_2019_Q1,
  GOLD_2019_H1,
  openRealFile,
  type RealFile,
} from '../../../fixtures/real-bars/real-bars';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { createTestApp, type TestApp } from './support/test-app';

/** A real file's 1m bars from `from` (inclusive) to `to` (exclusive), ms. */
async function realBars(file: RealFile, from: number, to: number): Promise<Bars> {
  const all = (await importCsv(openRealFile(file), { timeframe: '1m' })).bars.toColumns();
  const keep = [...all.t.keys()].filter(
    (index) => (all.t[index] as number) >= from && (all.t[index] as number) < to,
  );
  const pick = (column: Float64Array) => Float64Array.from(keep, (index) => column[index] as number);
  return { t: pick(all.t), o: pick(all.o), h: pick(all.h), l: pick(all.l), c: pick(all.c) };
}

/** A cent, and what a double adds to it when the figures are sums of thousands of cycles. */
const CENT = 0.005 + 1e-7;

function expectCurveOfRow(curve: EquityCurveData, row: BacktestResult, capital: number, label: string) {
  expect(curve.trades, label).toBe(row.trades);
  expect(curve.stops, label).toBe(row.stops);
  expect(Math.abs(curve.finalBalance - (capital + row.profit)), label).toBeLessThanOrEqual(CENT);
  expect(Math.abs(curve.finalEquity - (capital + row.profit + row.openPnl)), label).toBeLessThanOrEqual(CENT);
  expect(Math.abs(curve.maxDrawdown - row.maxDrawdown), label).toBeLessThanOrEqual(CENT);
  // The points as drawn: the last one is the row's, the deepest point of the drawdown is the row's.
  const { balance, equity, drawdown } = curve.points;
  expect(Math.abs(balance.at(-1)! - (capital + row.profit)), label).toBeLessThanOrEqual(CENT);
  expect(Math.abs(equity.at(-1)! - (capital + row.profit + row.openPnl)), label).toBeLessThanOrEqual(CENT);
  expect(Math.abs(Math.max(...drawdown) - row.maxDrawdown), label).toBeLessThanOrEqual(CENT);
}

async function signedIn(testApp: TestApp, role: 'user' | 'admin' = 'user') {
  const user = await createUser(testApp, { role });
  return (await login(testApp, user)).jwt;
}

async function algorithmId(testApp: TestApp): Promise<string> {
  const adminToken = await signedIn(testApp, 'admin');
  const created = await testApp.call<{ _id: string }>({
    ...requestOf(API.algorithms.add),
    token: adminToken,
    payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 100, market: 'GOLD' },
  });
  return created.body.data._id;
}

/** A backtest submitted, run by the job runner, and read back with its rows. */
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

const curveOf = (testApp: TestApp, token: string | undefined, backtestId: string, row: number | string) =>
  testApp.call<EquityCurveData>({
    method: 'GET',
    url: urlOf(EQUITY_CURVE_API.curve, { id: backtestId, row }),
    ...(token ? { token } : {}),
  });

/** Every row of a backtest at this stride, and its figures' curve, compared. */
async function expectRowsCurves(testApp: TestApp, token: string, backtest: Backtest, stride: number) {
  let checked = 0;
  for (let row = 0; row < backtest.results.length; row += stride) {
    const answer = await curveOf(testApp, token, backtest._id, row);
    expect(answer.status).toBe(200);
    const result = backtest.results[row]!;
    expectCurveOfRow(answer.body.data, result, backtest.capital, `row ${row}`);
    checked++;
  }
  return checked;
}

const RANGE = {
  type: 'range',
  capital: 10_000,
  accountType: 'retail',
  leverage: 20,
  market: 'GOLD',
  worst: 300,
  safeWorst: 400,
};

describe('the equity curve of a result row', () => {
  it('ends at the row’s balance and equity with the row’s worst drawdown, to the cent, over rows of real sweeps', async () => {
    const testApp = await createTestApp();
    // January 2019 of real GOLD 1m bars, and real EURUSD for the rates (engine.md section 1).
    testApp.prices.set(
      'GOLD',
      '1m',
      await realBars(GOLD_2019_H1, Date.UTC(2019, 0, 1), Date.UTC(2019, 1, 1)),
    );
    testApp.prices.set(
      'EURUSD',
      '1m',
      await realBars(EURUSD_2019_Q1, Date.UTC(2019, 0, 1), Date.UTC(2019, 1, 1)),
    );
    const token = await signedIn(testApp);
    const algorithm = await algorithmId(testApp);
    const period = { from: '2019-01-02', to: '2019-01-31' };

    const single = await finished(testApp, token, { ...SINGLE_GOLD_BACKTEST, ...period });
    expect(single.results[0]!.trades).toBeGreaterThan(0);
    await expectRowsCurves(testApp, token, single, 1);

    // A tighter stop on a single: cycles closed by the stop, each one marked.
    const stopped = await finished(testApp, token, {
      ...SINGLE_GOLD_BACKTEST,
      ...period,
      worst: 60,
      safeWorst: 90,
    });
    expect(stopped.results[0]!.stops).toBeGreaterThan(0);
    await expectRowsCurves(testApp, token, stopped, 1);
    const marked = await curveOf(testApp, token, stopped._id, 0);
    expect(marked.body.data.notable.filter((cycle) => cycle.reason === 'stop')).toHaveLength(
      stopped.results[0]!.stops,
    );

    const staticRange = await finished(testApp, token, {
      ...RANGE,
      ...period,
      algorithm,
      dynamic: false,
      close: true,
    });
    expect(staticRange.results).toHaveLength(1323);
    expect(await expectRowsCurves(testApp, token, staticRange, 11)).toBe(121);

    const dynamicRange = await finished(testApp, token, {
      ...RANGE,
      ...period,
      worst: 150,
      safeWorst: 200,
      algorithm,
      dynamic: true,
      close: false,
    });
    expect(dynamicRange.results.some((row) => row.stops > 0)).toBe(true);
    expect(dynamicRange.results.some((row) => row.openPnl !== 0)).toBe(true);
    expect(await expectRowsCurves(testApp, token, dynamicRange, 23)).toBe(58);
  }, 240_000);

  it('ends at the row’s figures on the bars the backtest tests use, and draws at most 1,500 points', async () => {
    const testApp = await createTestApp();
    testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const token = await signedIn(testApp);
    const single = await finished(testApp, token, SINGLE_GOLD_BACKTEST);
    await expectRowsCurves(testApp, token, single, 1);
    const curve = (await curveOf(testApp, token, single._id, 0)).body.data;
    expect(curve).toMatchObject({
      market: 'GOLD',
      from: '2024-03-04',
      to: '2024-03-05',
      row: 0,
      capital: 10_000,
    });
    // Two days of 1m bars: 2,880 bars, two to a point; the last point is the period's last bar.
    expect(curve.points.time).toHaveLength(1440);
    expect(curve.points.time.at(-1)).toBe(Date.parse('2024-03-05T23:59:00Z'));
    expect(curve.points.cycles.reduce((sum, cycles) => sum + cycles, 0)).toBe(single.results[0]!.trades);
    // The 'Prezzo' tab's candles, two bars each, and its entries: every cycle closed was opened, and
    // one still open at the end was opened too.
    const bars = oscillatingBars('2024-03-01', 7);
    const first = bars.t.indexOf(Date.parse('2024-03-04T00:00:00Z'));
    expect(curve.prices.open[0]).toBe(bars.o[first]);
    expect(curve.prices.high[0]).toBe(Math.max(bars.h[first]!, bars.h[first + 1]!));
    expect(curve.prices.low[0]).toBe(Math.min(bars.l[first]!, bars.l[first + 1]!));
    expect(curve.prices.close[0]).toBe(bars.c[first + 1]);
    expect(curve.prices.close).toHaveLength(1440);
    const opened = curve.points.opens.reduce((sum, opens) => sum + opens, 0);
    expect(opened - single.results[0]!.trades).toBe(single.results[0]!.openPnl === 0 ? 0 : 1);

    const range = await finished(testApp, token, {
      ...RANGE,
      from: '2024-03-04',
      to: '2024-03-06',
      algorithm: await algorithmId(testApp),
      dynamic: true,
      close: true,
    });
    await expectRowsCurves(testApp, token, range, 97);
  });

  it('is the owner’s or an admin’s: anyone else gets the 404 envelope', async () => {
    const testApp = await createTestApp();
    testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const token = await signedIn(testApp);
    const backtest = await finished(testApp, token, SINGLE_GOLD_BACKTEST);

    const stranger = await curveOf(testApp, await signedIn(testApp), backtest._id, 0);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ ok: false, error: BACKTEST_MESSAGES.notFound });

    const admin = await curveOf(testApp, await signedIn(testApp, 'admin'), backtest._id, 0);
    expect(admin.status).toBe(200);
    expect(admin.body.data.trades).toBe(backtest.results[0]!.trades);

    const anonymous = await curveOf(testApp, undefined, backtest._id, 0);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.ok).toBe(false);
  });

  it('refuses bad input with the envelope and a 4xx', async () => {
    const testApp = await createTestApp();
    testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
    const token = await signedIn(testApp);
    const backtest = await finished(testApp, token, SINGLE_GOLD_BACKTEST);
    const cases: [string | number, number, string][] = [
      [1, 404, EQUITY_CURVE_MESSAGES.rowNotFound],
      [-1, 400, EQUITY_CURVE_MESSAGES.rowNotFound],
      ['1.5', 400, EQUITY_CURVE_MESSAGES.rowNotFound],
      ['uno', 400, EQUITY_CURVE_MESSAGES.rowNotFound],
      ['99999999999', 400, EQUITY_CURVE_MESSAGES.rowNotFound],
    ];
    for (const [row, status, message] of cases) {
      const answer = await curveOf(testApp, token, backtest._id, row);
      expect(answer.status, String(row)).toBe(status);
      expect(answer.body, String(row)).toEqual({ ok: false, error: message });
    }
    const badId = await curveOf(testApp, token, 'not-a-uuid', 0);
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ ok: false, error: BACKTEST_MESSAGES.notFound });
    const unknown = await curveOf(testApp, token, '00000000-0000-4000-8000-000000000000', 0);
    expect(unknown.status).toBe(404);

    // Still queued: no rows yet.
    const queued = await testApp.call<Backtest>({
      ...requestOf(API.backtests.create),
      token,
      payload: { config: SINGLE_GOLD_BACKTEST },
    });
    const early = await curveOf(testApp, token, queued.body.data._id, 0);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ ok: false, error: EQUITY_CURVE_MESSAGES.notDone });

    // The market's bars gone since the backtest ran (an admin replaced them).
    testApp.prices.set('GOLD', '1m', oscillatingBars('2023-01-01', 1));
    const gone = await curveOf(testApp, token, backtest._id, 0);
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ ok: false, error: BACKTEST_MESSAGES.noData });
  });
});
