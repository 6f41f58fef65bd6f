// Time under water (RunResult.timeUnderWater) on a hand-made series: the longest time equity went
// without a new high, each sample at its bar's open time, the capital the first peak at the first
// bar. Instrument: point 1, contract size 1, spread 1 point; fx 1.0. The fast engine (alone and
// in a sweep, with blocks down to pairs of bars), the walker through the stepper and the reference
// simulator must all say the same.
import { describe, expect, it } from 'vitest';
import { DAY_MS, type Bars } from '../src/bars';
import { fallbackFx } from '../src/fx';
import type { GridParams, InstrumentSpec, RunResult } from '../src/grid/params';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid, runPrepared } from '../src/grid/run-grid';
import { runAllPrepared } from '../src/grid/sweep';
import { walkGrid } from '../src/grid/walk-grid';
import { expectSameRun } from './expect-same-run';
import { referenceRun } from './reference-simulator';

const instrument: InstrumentSpec = { point: 1, contractSize: 1, spreadPoints: 1 };
const params: GridParams = {
  size: 1,
  addizionale: 1,
  mediazione: 10,
  target: 5,
  multiplier: 1,
  worst: 30,
  safeWorst: 40,
  capital: 1000,
  leverage: 10,
  dynamic: false,
  close: false,
};
const DAY0 = Date.UTC(2024, 0, 2);

type Row = readonly [day: number, open: number, high: number, low: number, close: number];

function barsOn(rows: readonly Row[]): Bars {
  const column = (pick: (row: Row) => number) => Float64Array.from(rows, pick);
  return {
    t: column(([day]) => DAY0 + day * DAY_MS),
    o: column((row) => row[1]),
    h: column((row) => row[2]),
    l: column((row) => row[3]),
    c: column((row) => row[4]),
  };
}

/** The run by every path, checked equal; the reference's answer. */
function everyPath(rows: readonly Row[], overrides: Partial<GridParams> = {}): RunResult {
  const bars = barsOn(rows);
  const run = { ...params, ...overrides };
  const reference = referenceRun(bars, run, instrument, fallbackFx());
  expectSameRun(runGrid(bars, run, instrument, fallbackFx()), reference);
  expectSameRun(walkGrid(bars, run, instrument, fallbackFx()).result, reference);
  const pairs = prepareBars(bars, instrument, fallbackFx(), { branching: 2 });
  expectSameRun(runPrepared(pairs, run), reference);
  const [alone] = runAllPrepared(pairs, [run, { ...run, size: 2, addizionale: 2 }]);
  expectSameRun(alone!, reference);
  return reference;
}

// Day 0 opens at 100 (fill 101, take profit 106): under water from the start. Day 1 takes profit:
// a new high. Day 2 opens at 107 (level 1 at 97), day 5 fills it (fill 98, take profit 108), day 9
// takes profit: the next high, 8 days after. Day 10 opens again and ends under water.
const series: Row[] = [
  [0, 100, 100, 100, 100],
  [1, 100, 107, 100, 107],
  [2, 107, 107, 107, 107],
  [5, 107, 107, 95, 95],
  [9, 95, 110, 95, 110],
  [10, 110, 110, 110, 110],
];

describe('time under water', () => {
  it('is the longest time between two new highs of equity', () => {
    const run = everyPath(series);
    expect(run.trades).toBe(2);
    expect(run.timeUnderWater).toBe(8 * DAY_MS);
  });

  it('runs to the last bar when equity never makes a new high again', () => {
    // After day 1's high, the fall of day 5 is never made good.
    const run = everyPath([...series.slice(0, 4), [30, 96, 97, 95, 96]]);
    expect(run.trades).toBe(1);
    expect(run.timeUnderWater).toBe(29 * DAY_MS);
  });

  it('counts from the first bar: the capital is the first peak', () => {
    const run = everyPath([
      [0, 100, 100, 100, 100],
      [4, 100, 100, 90, 90],
      [6, 90, 120, 90, 120],
    ]);
    expect(run.timeUnderWater).toBe(6 * DAY_MS);
  });

  it('is 0 for a run that opens no cycle (its entry rounds to no lots)', () => {
    const run = everyPath(series, { size: 0.004, addizionale: 0.004 });
    expect(run.trades).toBe(0);
    expect(run.timeUnderWater).toBe(0);
  });

  it('ignores a return to the price of the last high: only a higher equity is a new high', () => {
    // The cycle of day 2 rises to 106 on day 3 (floating above the realised high), falls back,
    // and on day 7 reaches 106 again without passing it; day 8 passes it.
    const run = everyPath([
      [0, 100, 100, 100, 100],
      [1, 100, 107, 100, 107],
      [2, 103, 103, 103, 103],
      [3, 103, 107.5, 103, 104],
      [7, 104, 107.5, 104, 105],
      [8, 105, 107.9, 105, 107.9],
    ]);
    expect(run.timeUnderWater).toBe(5 * DAY_MS);
  });
});
