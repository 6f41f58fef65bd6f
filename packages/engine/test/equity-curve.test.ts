// The equity curve (equity-curve.ts) against the walk through the decision core (walk-grid.ts)
// and the fast engine: the curve ends where the run ends and its worst drawdown is the run's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcDay, type Bars } from '../src/bars';
import type { FxCurve } from '../src/fx';
import {
  equityCurve,
  equityCurvePrepared,
  type EquityCurve,
  type Underwater,
} from '../src/grid/equity-curve';
import { GridStepper } from '../src/grid/grid-stepper';
import type { GridParams, InstrumentSpec, RunResult } from '../src/grid/params';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid } from '../src/grid/run-grid';
import { barPath, walkGrid } from '../src/grid/walk-grid';
import { hugeScenario, scenario } from './arbitraries';
import { barsOf } from './bar-builder';

const close = (actual: number, expected: number, field: string) =>
  expect(Math.abs(actual - expected), field).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));

function expectCurveOfRun(curve: EquityCurve, run: RunResult, capital: number) {
  expect(curve.trades).toBe(run.trades);
  expect(curve.stopCount).toBe(run.stops);
  expect(curve.overflowAt).toBe(run.overflowAt);
  close(curve.profit, run.profit, 'profit');
  close(curve.openPnl, run.openPnl, 'openPnl');
  close(curve.maxDrawdown, run.maxDrawdown, 'maxDrawdown');
  close(curve.balance.at(-1)!, capital + run.profit, 'last balance');
  close(curve.equity.at(-1)!, capital + run.profit + run.openPnl, 'last equity');
  close(Math.max(...curve.drawdown), run.maxDrawdown, 'worst point');
  expect(curve.cycles.reduce((sum, cycles) => sum + cycles, 0)).toBe(run.trades);
  expect(curve.stops.reduce((sum, stops) => sum + stops, 0)).toBe(run.stops);
}

/**
 * The longest time under water, plainly: equity sampled at every price event as walkGrid samples
 * it (fine point 10), under water from the first sample below the running peak to the first one
 * back at it, or to the last bar walked.
 */
function plainUnderwater(
  bars: Bars,
  params: GridParams,
  instrument: InstrumentSpec,
  fx: FxCurve,
): Underwater | null {
  const rate = (time: number) => fx.rateOnDay(utcDay(time));
  const stepper = new GridStepper({ params, instrument, fxRate: rate });
  let peak = params.capital;
  let since = -1;
  let longest: Underwater | null = null;
  const surface = (time: number, recovered: boolean) => {
    if (!longest || time - since > longest.to - longest.from) longest = { from: since, to: time, recovered };
    since = -1;
  };
  const sample = (price: number, time: number) => {
    const equity = params.capital + stepper.realised + stepper.floatingUsd(price) / rate(time);
    if (equity >= peak) {
      peak = equity;
      if (since >= 0) surface(time, true);
    } else if (since < 0) since = time;
  };
  let last = 0;
  for (let bar = 0; bar < bars.t.length; bar++) {
    const time = bars.t[bar] as number;
    last = time;
    const milli = (column: Float64Array) => stepper.toMilli(column[bar] as number);
    stepper.step('open', milli(bars.o), time);
    if (stepper.overflowAt !== null) break;
    sample(milli(bars.o), time);
    for (const price of barPath(milli(bars.o), milli(bars.h), milli(bars.l), milli(bars.c))) {
      stepper.step('move', price, time);
      sample(price, time);
    }
  }
  if (since >= 0) surface(last, false);
  return longest;
}

// CPU-bound (hundreds of random runs): seconds on a quiet 2-core machine, several times that on a
// shared one. Vitest's 5 s default would fail them for the machine's load; speed is the benches' to
// measure.
const CPU_BOUND_MS = 60_000;

describe('the equity curve of a run', { timeout: CPU_BOUND_MS }, () => {
  it('ends at the run’s balance and equity, and its worst drawdown is the run’s', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 40 }), ({ bars, params, instrument, fx }, points) => {
        const curve = equityCurve(bars, params, instrument, fx(), { points });
        const walked = walkGrid(bars, params, instrument, fx()).result;
        expectCurveOfRun(curve, walked, params.capital);
        // The maxDrawdown of the walk, bit for bit: same samples, same arithmetic.
        expect(curve.maxDrawdown).toBe(walked.maxDrawdown);
        expectCurveOfRun(curve, runGrid(bars, params, instrument, fx()), params.capital);
        expect(curve.time.length).toBeLessThanOrEqual(points);
        expect(curve.time.at(-1)).toBe(bars.t[bars.t.length - 1]);
        expect(curve.underwater).toEqual(plainUnderwater(bars, params, instrument, fx()));
        // Blocks of 2, 4, 8… bars: the jumps over quiet blocks happen at every scale.
        const small = prepareBars(bars, instrument, fx(), { branching: 2 });
        expect(equityCurvePrepared(small, bars, params, fx(), { points })).toEqual(curve);
      }),
      { numRuns: 800 },
    );
  }, 60_000);

  it('stops where a run leaving the exact range stops', () => {
    fc.assert(
      fc.property(hugeScenario, ({ bars, params, instrument, fx }) => {
        const curve = equityCurve(bars, params, instrument, fx(), { points: 7 });
        expectCurveOfRun(curve, walkGrid(bars, params, instrument, fx()).result, params.capital);
        expect(curve.underwater).toEqual(plainUnderwater(bars, params, instrument, fx()));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('marks the stops and the end close, and dates the worst drawdown', () => {
    // GOLD, one bar per minute: a cycle opens at 2000, falls through its stop, a second one is
    // closed at the end of the period.
    const bars = barsOf([
      [2000, 2001, 1995, 1996],
      [1996, 1997, 1950, 1955],
      [1955, 1957, 1954, 1956],
    ]);
    const params = {
      size: 1,
      addizionale: 1,
      mediazione: 100,
      target: 500,
      multiplier: 1,
      worst: 200,
      safeWorst: 300,
      capital: 100_000,
      leverage: 20,
      dynamic: false,
      close: true,
    };
    const gold = { point: 0.1, contractSize: 100, spreadPoints: 3 };
    const fx = { rateOnDay: () => 1, usedFallback: true };
    const curve = equityCurve(bars, params, gold, fx);
    expect(curve.notable.map((cycle) => cycle.reason)).toEqual(['stop', 'close']);
    expect(curve.peakAt).toBe(bars.t[0]);
    // Every new cycle pays the spread: the lowest equity is in the last bar, at its low.
    expect(curve.troughAt).toBe(bars.t[2]);
    expect(curve.time).toEqual(Array.from(bars.t));
    // Under water from the first bar's fall from its high on, to the end: it never climbs back.
    expect(curve.underwater).toEqual({ from: bars.t[0], to: bars.t[2], recovered: false });
  });
});
