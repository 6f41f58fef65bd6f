// Hand-worked grid runs (engine.md sections 3, 4 and 9), checked on the reference simulator and
// the engine alike. Instrument: point 1, contract size 1, spread 1 point; fx 1.0.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackFx } from '../src/fx';
import {
  highestOpenInRange,
  leavesExactRange,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from '../src/grid/params';
import { runGrid } from '../src/grid/run-grid';
import { runAllPrepared } from '../src/grid/sweep';
import { prepareBars } from '../src/grid/prepared-bars';
import { walkGrid } from '../src/grid/walk-grid';
import { barsOf, START } from './bar-builder';
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
  close: true,
};

type Row = readonly [number, number, number, number];
const flat = (price: number): Row => [price, price, price, price];

function both(rows: readonly Row[], overrides: Partial<GridParams> = {}): RunResult {
  const bars = barsOf(rows);
  const run = { ...params, ...overrides };
  const reference = referenceRun(bars, run, instrument, fallbackFx());
  expectSameRun(runGrid(bars, run, instrument, fallbackFx()), reference);
  expectSameRun(walkGrid(bars, run, instrument, fallbackFx()).result, reference);
  return reference;
}

describe('grid run, hand-worked', () => {
  it('takes profit when the path reaches avg + target, realising Q · target', () => {
    const result = both([flat(100), [100, 106, 100, 106]]);
    expect(result).toMatchObject({ profit: 5, trades: 1, stops: 0, openPnl: 0 });
    expect(result.interest).toBeCloseTo(0.5, 12);
    // The entry's spread is the only dip: 1 USD on 1000.
    expect(result.maxDrawdown).toBeCloseTo(0.1, 12);
    // Levels 106, 96, 86, 76 down to Pw = 76, each + spread − Pw + Pw / 10.
    expect(result.requirement).toBeCloseTo(9.44, 12);
  });

  it('averages down at each level and takes profit on the new average', () => {
    const result = both([flat(100), [100, 100, 90, 90], [90, 100, 90, 100], [100, 102, 100, 102]]);
    // Fills 101 and 91: average 96, take profit at 101 reached on the last bar.
    expect(result).toMatchObject({ profit: 10, trades: 1, stops: 0 });
  });

  it('closes the whole cycle at the stop, before levels below it', () => {
    const result = both([flat(100), [100, 100, 70, 70]], { safeWorst: 25 });
    // Fills 101, 91, 81; the stop at 75 comes before level 70.
    expect(result).toMatchObject({ trades: 1, stops: 1 });
    expect(result.profit).toBeCloseTo(-48, 9);
  });

  it('fills the levels a gap jumps over at the open plus spread', () => {
    const result = both([flat(100), [85, 85, 85, 85], [85, 99, 85, 99]]);
    // The gap fills level 90 at 86: Q 2, cost 187, take profit 98.5 reached on the last bar.
    expect(result).toMatchObject({ profit: 10, trades: 1 });
  });

  it('takes profit at the open when a gap jumps over the take profit', () => {
    const result = both([flat(100), [110, 110, 110, 110]]);
    expect(result).toMatchObject({ profit: 9, trades: 1 });
  });

  it('closes an open cycle at the end with close, or reports it as openPnl without', () => {
    expect(both([flat(100), flat(97)])).toMatchObject({ profit: -4, trades: 1, openPnl: 0 });
    expect(both([flat(100), flat(97)], { close: false })).toMatchObject({
      profit: 0,
      trades: 0,
      openPnl: -4,
    });
  });

  it('scales the lots of a new cycle by equity / capital when dynamic', () => {
    const result = both([flat(100), [100, 106, 100, 106], flat(100), [100, 106, 100, 106]], {
      dynamic: true,
    });
    // Second cycle: f = 1005 / 1000, entry 1.005 lots rounds half up to 1.01: 1.01 × 5 = 5.05.
    expect(result.profit).toBeCloseTo(10.05, 10);
    expect(result.trades).toBe(2);
  });

  it("fills a level to which a dynamic run's grown equity gives lots it did not have", () => {
    const result = both(
      [flat(100), [100, 131, 100, 131], flat(100), [100, 100, 89, 89], [89, 131, 89, 131]],
      { dynamic: true, capital: 100, addizionale: 0.004, target: 30 },
    );
    // First cycle: the levels' 0.004 lots round to none; the take profit earns 30. Second: f = 1.3,
    // entry 1.3 lots, and 0.0052 rounds to 0.01 at level 90, filled at 91: the take profit falls
    // to the new average + 30, realising 1.31 × 30.
    expect(result.trades).toBe(2);
    expect(result.profit).toBeCloseTo(30 + 39.3, 9);
  });

  it('makes no trade when the entry rounds to zero lots, yet counts the levels in requirement', () => {
    const result = both([flat(100), [100, 106, 100, 106]], { size: 0.004 });
    expect(result).toMatchObject({ profit: 0, trades: 0, openPnl: 0 });
    // Levels 96, 86, 76 only: 28.6 + 18.6 + 8.6.
    expect(result.requirement).toBeCloseTo(5.58, 12);
  });

  it('fills a level and the stop at the same price: the level first, losing its spread', () => {
    const result = both([flat(100), [100, 100, 70, 70]], { safeWorst: 30 });
    // Fills 101, 91, 81, 71; the stop at 70 closes all four at 70.
    expect(result).toMatchObject({ trades: 1, stops: 1 });
    expect(result.profit).toBeCloseTo(-31 - 21 - 11 - 1, 9);
  });

  it('reports zeros for a period without bars', () => {
    expect(both([])).toMatchObject({
      profit: 0,
      trades: 0,
      stops: 0,
      requirement: 0,
      maxDrawdown: 0,
      openPnl: 0,
      overflow: false,
      overflowAt: null,
    });
  });
});

describe('dynamic runs whose equity is gone', () => {
  // Fills 101, 91, 81 of 10 lots each; the stop at 75 loses 10 × (26 + 16 + 6) = 480.
  const stopThenRise: Row[] = [flat(100), [100, 100, 70, 70], flat(80), [80, 200, 80, 200]];

  it('open no cycle once equity is at zero or below: f floors at 0 and the entry rounds to no lots', () => {
    const dynamic = { size: 10, addizionale: 10, safeWorst: 25, dynamic: true };
    for (const capital of [480, 300]) {
      const result = both(stopThenRise, { ...dynamic, capital });
      expect(result).toMatchObject({ trades: 1, stops: 1, openPnl: 0, overflow: false });
      expect(result.profit).toBeCloseTo(-480, 9);
    }
    // With equity left the next cycle opens at its scale: f = 20 / 500, 0.4 lots take 5 points.
    const left = both(stopThenRise, { ...dynamic, capital: 500 });
    expect(left.trades).toBe(2);
    expect(left.profit).toBeCloseTo(-480 + 0.4 * 5, 9);
  });
});

describe('lots and money past the exact range of a double', () => {
  // 1e6 lots an entry: the whole grid, 4e8 hundredths at (100 + 1 + 5) points, is 4.24e13.
  const huge = { size: 1e6, addizionale: 1e6 };
  const takeProfitThenMore: Row[] = [flat(100), [100, 106, 100, 106], flat(100), [100, 106, 100, 106]];

  it('stops a dynamic run at the cycle whose lots would leave it, with its figures up to there', () => {
    // The first take profit makes 5e6 USD on 1,000: f = 5001, and 2e12 hundredths · 106,000
    // milli-points pass 2^53. The run stops at the third bar's open, before that cycle.
    const result = both(takeProfitThenMore, { ...huge, dynamic: true });
    expect(result).toMatchObject({
      overflow: true,
      overflowAt: START + 2 * 60_000,
      profit: 5e6,
      trades: 1,
      stops: 0,
      openPnl: 0,
    });
    // The static run stays in range and goes on.
    expect(both(takeProfitThenMore, huge)).toMatchObject({ overflow: false, overflowAt: null, trades: 2 });
  });

  it('turns the bound into the highest open in range: the fast engine compares one integer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 1e6 }),
          fc.integer({ min: 1, max: 2 ** 53 }),
          fc.constant(2 ** 60),
        ),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 1e6 }),
        (totalLots, spread, target) => {
          const limit = highestOpenInRange(totalLots, spread, target);
          if (limit < 2_147_483_647)
            expect(leavesExactRange(totalLots, limit + 1, spread, target)).toBe(true);
          if (limit >= 0) expect(leavesExactRange(totalLots, limit, spread, target)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('stops each member of a shared decision sequence at its own lots', () => {
    const bars = barsOf(takeProfitThenMore);
    // Same shape, 1e6 and 1e9 lots: 4.24e16 passes 2^53 at the first open, 4.24e13 never.
    const runs = [1e6, 1e9].map((size) => ({ ...params, size, addizionale: size }));
    const results = runAllPrepared(prepareBars(bars, instrument, fallbackFx()), runs);
    runs.forEach((run, index) =>
      expectSameRun(results[index]!, referenceRun(bars, run, instrument, fallbackFx())),
    );
    expect(results.map((result) => [result.overflow, result.overflowAt, result.trades])).toEqual([
      [false, null, 2],
      [true, START, 0],
    ]);
  });
});
