// The decision core (grid-stepper.ts), walked over bars (walk-grid.ts), against the reference
// simulator and the fast engine: the bot and the backtest make the same decisions only if these
// agree on every field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcDay } from '../src/bars';
import type { PriceEventKind, QuietBand } from '../src/grid/decisions';
import { GridStepper, type StepperOptions } from '../src/grid/grid-stepper';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid } from '../src/grid/run-grid';
import { isDecisionOf, matchStanding } from '../src/grid/standing-orders';
import { runAllPrepared, sweepParams } from '../src/grid/sweep';
import { barPath, walkGrid } from '../src/grid/walk-grid';
import { INSTRUMENTS, scenario } from './arbitraries';
import { expectSameRun } from './expect-same-run';
import { referenceRun } from './reference-simulator';

const GOLD = INSTRUMENTS.GOLD!;
const goldParams = {
  size: 1,
  addizionale: 0.5,
  mediazione: 30,
  target: 50,
  multiplier: 1,
  worst: 90,
  safeWorst: 120,
  capital: 10_000,
  leverage: 20,
  dynamic: false,
  close: true,
};

const isQuiet = (band: QuietBand, kind: PriceEventKind, price: number) =>
  (kind !== 'open' || band.opensQuiet) && price > band.above && price < band.below;

/** A period of bars, which points of their paths come as jumps, and maxcontracts. */
const liveRun = fc.tuple(
  scenario,
  fc.array(fc.boolean(), { minLength: 1, maxLength: 1000 }),
  fc.integer({ min: 50, max: 20_000 }),
);
type LiveRun = typeof liveRun extends fc.Arbitrary<infer Run> ? Run : never;

/**
 * A stepper's options and its prices as a live bot gets them: a bar's open and its path, now and
 * then a point of the path as a jump (a live quote after a pause).
 */
function liveEvents([{ bars, params, instrument, fx }, jumps, maxLots]: LiveRun) {
  const curve = fx();
  const options: StepperOptions = {
    params,
    instrument,
    maxLots,
    fxRate: (time: number) => curve.rateOnDay(utcDay(time)),
  };
  const prices = new GridStepper(options);
  const events: { kind: PriceEventKind; price: number; time: number }[] = [];
  for (let bar = 0; bar < bars.t.length; bar++) {
    const time = bars.t[bar] as number;
    const milli = (column: Float64Array) => prices.toMilli(column[bar] as number);
    events.push({ kind: 'open', price: milli(bars.o), time });
    for (const price of barPath(milli(bars.o), milli(bars.h), milli(bars.l), milli(bars.c))) {
      events.push({ kind: jumps[events.length % jumps.length] ? 'jump' : 'move', price, time });
    }
  }
  return { options, events };
}

// CPU-bound (thousands of random runs): seconds on a quiet 2-core machine, several times that on a
// shared one. Vitest's 5 s default would fail them for the machine's load; speed is the benches' to
// measure.
const CPU_BOUND_MS = 60_000;

describe('the grid stepper', { timeout: CPU_BOUND_MS }, () => {
  it('walked over bars, agrees with the reference simulator and the fast engine on every field', () => {
    fc.assert(
      fc.property(scenario, ({ bars, params, instrument, fx }) => {
        const { result, cycles } = walkGrid(bars, params, instrument, fx());
        expectSameRun(result, referenceRun(bars, params, instrument, fx()));
        expectSameRun(result, runGrid(bars, params, instrument, fx()));
        // The cycles a bot would write add up to the run's figures.
        expect(cycles).toHaveLength(result.trades);
        expect(cycles.filter((cycle) => cycle.reason === 'stop')).toHaveLength(result.stops);
        const total = cycles.reduce((sum, cycle) => sum + cycle.profitLoss, 0);
        expect(Math.abs(total - result.profit)).toBeLessThanOrEqual(
          1e-6 * Math.max(1, Math.abs(result.profit)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with every run of a sweep', () => {
    const grid = { size: [0.01, 0.1, 1], ratio: [0.5, 2], mediazione: [10, 20], target: [10, 25] };
    fc.assert(
      fc.property(scenario, ({ bars, params, instrument, fx }) => {
        const runs = sweepParams(grid, params);
        const results = runAllPrepared(prepareBars(bars, instrument, fx()), runs);
        runs.forEach((run, index) =>
          expectSameRun(walkGrid(bars, run, instrument, fx()).result, results[index]!),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('decides the same when it is handed only the prices outside its quiet band', () => {
    fc.assert(
      fc.property(liveRun, (run) => {
        const { options, events } = liveEvents(run);
        const everyPrice = new GridStepper(options);
        const filtered = new GridStepper(options);
        let band: QuietBand | null = null;
        events.forEach(({ kind, price, time }, index) => {
          const expected = everyPrice.step(kind, price, time);
          if (band && isQuiet(band, kind, price)) {
            expect(expected, `event ${index}`).toEqual([]);
            return;
          }
          expect(filtered.step(kind, price, time), `event ${index}`).toEqual(expected);
          band = filtered.quietBand();
        });
        expect(filtered.realised).toBe(everyPrice.realised);
        expect(filtered.openCycle).toEqual(everyPrice.openCycle);
      }),
      { numRuns: 2000 },
    );
  });

  it('fills a standing order exactly as it decides the price that fills it', () => {
    let matched = 0;
    let decided = 0;
    fc.assert(
      fc.property(liveRun, (run) => {
        const { options, events } = liveEvents(run);
        const stepper = new GridStepper(options);
        let band: QuietBand | null = null;
        for (const { kind, price, time } of events) {
          // As a bot's broker sees prices: only those outside the band the bot last told.
          if (band && isQuiet(band, kind, price)) continue;
          const standing = stepper.standingOrders();
          const fill = standing && matchStanding(standing, kind, price);
          const decisions = stepper.step(kind, price, time);
          decided += decisions.length;
          if (fill) {
            matched++;
            expect(decisions).toHaveLength(1);
            expect(decisions[0]).toMatchObject(fill);
            expect(isDecisionOf(fill, decisions[0]!)).toBe(true);
          }
          band = stepper.quietBand();
        }
      }),
      { numRuns: 2000 },
    );
    // Most decisions are one order alone: the broker fills them without the bot.
    expect(matched).toBeGreaterThan(decided / 2);
  });

  it('stands the next level down to the one after it, the stop once no level is left, and the take profit', () => {
    // GOLD: a point is 1,000 milli-points; levels every 30 points from 2000.0, the stop 120 points under.
    const opened = () => {
      const stepper = new GridStepper({ params: goldParams, instrument: GOLD });
      stepper.step('open', 20_000_000, 0);
      return stepper;
    };
    const standing = opened().standingOrders()!;
    expect(matchStanding(standing, 'move', 19_950_000)).toEqual({
      kind: 'enter',
      level: 1,
      lots: 50,
      bid: 19_970_000,
      fill: 19_973_000,
    });
    expect(matchStanding(standing, 'jump', 19_940_001)).toEqual({
      kind: 'enter',
      level: 1,
      lots: 50,
      bid: 19_940_001,
      fill: 19_943_001,
    });
    // A jump onto the second level's trigger fills both: that price is the bot's to decide.
    expect(matchStanding(standing, 'jump', 19_940_000)).toBeNull();
    expect(opened().step('jump', 19_940_000, 0)).toHaveLength(2);
    // Entry at 2000.3 with the spread, target 50 points: the take profit is met at 2005.3 inside a move.
    expect(matchStanding(standing, 'move', 20_060_000)).toMatchObject({
      reason: 'take-profit',
      bid: 20_053_000,
    });
    expect(matchStanding(standing, 'jump', 20_060_000)).toMatchObject({
      reason: 'take-profit',
      bid: 20_060_000,
    });

    const averaged = opened();
    expect(averaged.step('move', 19_910_000, 0)).toHaveLength(3);
    const stopOnly = averaged.standingOrders()!;
    expect(stopOnly.level).toBeNull();
    expect(matchStanding(stopOnly, 'move', 19_870_000)).toMatchObject({ reason: 'stop', bid: 19_880_000 });
    expect(matchStanding(stopOnly, 'jump', 19_870_000)).toMatchObject({ reason: 'stop', bid: 19_870_000 });
  });

  it('fills a level at its trigger on a move, and at the price after a jump through it', () => {
    const onMove = new GridStepper({ params: goldParams, instrument: GOLD });
    onMove.step('open', 20_000_000, 0);
    // GOLD: a point is 1,000 milli-points, a price unit 10,000; mediazione 30 points, spread 3.
    expect(onMove.step('move', 19_960_000, 0)).toEqual([
      { kind: 'enter', level: 1, lots: 50, bid: 19_970_000, fill: 19_973_000 },
    ]);
    const onJump = new GridStepper({ params: goldParams, instrument: GOLD });
    onJump.step('open', 20_000_000, 0);
    expect(onJump.step('jump', 19_960_000, 0)).toEqual([
      { kind: 'enter', level: 1, lots: 50, bid: 19_960_000, fill: 19_963_000 },
    ]);
  });

  it('ignores the rest of the bar after a close and opens the next cycle at the next open', () => {
    const stepper = new GridStepper({ params: goldParams, instrument: GOLD });
    stepper.step('open', 20_000_000, 0);
    // Entry at 2000.3 with the spread, target 50 points: the take profit is 2005.3.
    const [exit] = stepper.step('move', 20_060_000, 0);
    expect(exit).toMatchObject({ kind: 'exit', reason: 'take-profit', bid: 20_053_000 });
    expect(stepper.step('move', 18_000_000, 0)).toEqual([]);
    expect(stepper.step('open', 18_000_000, 60_000)).toEqual([
      { kind: 'enter', level: 0, lots: 100, bid: 18_000_000, fill: 18_003_000 },
    ]);
  });

  it('skips a level that would pass maxcontracts and still stops the cycle', () => {
    const stepper = new GridStepper({ params: goldParams, instrument: GOLD, maxLots: 150 });
    stepper.step('open', 20_000_000, 0);
    const decisions = stepper.step('move', 18_000_000, 0);
    expect(
      decisions.map((decision) => (decision.kind === 'enter' ? decision.level : decision.reason)),
    ).toEqual([1, 'stop']);
    expect(decisions[1]).toMatchObject({ quantity: 150 });
  });

  it('carries on after a restart from the stored cycle and decides as if it had never stopped', () => {
    const straight = new GridStepper({ params: goldParams, instrument: GOLD });
    straight.step('open', 20_000_000, 0);
    straight.step('move', 19_965_000, 0);
    const restarted = new GridStepper({ params: goldParams, instrument: GOLD });
    restarted.restore(straight.realised, straight.openCycle);
    // The first price after a restart is a jump: the bot cannot know the path it missed.
    expect(restarted.step('jump', 19_930_000, 0)).toEqual(straight.step('jump', 19_930_000, 0));
    const closing = straight.step('move', 20_100_000, 0);
    expect(closing).toMatchObject([{ kind: 'exit', reason: 'take-profit' }]);
    expect(restarted.step('move', 20_100_000, 0)).toEqual(closing);
    expect(restarted.realised).toBe(straight.realised);
  });

  it('stops deciding, and says when, once a cycle would leave the exact range', () => {
    // Dynamic on 100 EUR with 1e5 lots an entry: the first take profit (5e7 USD) makes f about
    // 5e5, and the next cycle's grid, 1.5e13 hundredths at about 2e7 milli-points, passes 2^53
    // (at f = 1 it is 3e7 hundredths: 6e14).
    const params = { ...goldParams, size: 1e5, addizionale: 1e5, worst: 60, capital: 100, dynamic: true };
    const stepper = new GridStepper({ params, instrument: GOLD });
    stepper.step('open', 20_000_000, 0);
    expect(stepper.step('move', 20_060_000, 0)).toMatchObject([{ kind: 'exit', reason: 'take-profit' }]);
    expect(stepper.step('open', 20_000_000, 60_000)).toEqual([]);
    expect(stepper.overflowAt).toBe(60_000);
    expect(stepper.cannotOpen).toBe(true);
    expect(stepper.openCycle).toBeNull();
    // Whatever the price does next, it decides nothing.
    expect(stepper.step('move', 10_000_000, 60_000)).toEqual([]);
    expect(stepper.step('open', 20_000_000, 120_000)).toEqual([]);
    // The same grid on a static run stays in range.
    const fixed = new GridStepper({ params: { ...params, dynamic: false }, instrument: GOLD });
    fixed.step('open', 20_000_000, 0);
    fixed.step('move', 20_060_000, 0);
    expect(fixed.step('open', 20_000_000, 60_000)).toMatchObject([{ kind: 'enter', level: 0 }]);
    expect(fixed.overflowAt).toBeNull();
  });

  it('opens nothing once a dynamic run has lost its equity', () => {
    // 1 lot an entry on 100 EUR: three levels fill and the stop 120 points down loses 3,120 USD.
    const params = { ...goldParams, addizionale: 1, capital: 100, dynamic: true };
    const stepper = new GridStepper({ params, instrument: GOLD });
    stepper.step('open', 20_000_000, 0);
    const decisions = stepper.step('move', 18_000_000, 0);
    expect(decisions.at(-1)).toMatchObject({ kind: 'exit', reason: 'stop' });
    expect(stepper.realised).toBeLessThan(-100);
    expect(stepper.step('open', 18_000_000, 60_000)).toEqual([]);
    expect(stepper.cannotOpen).toBe(true);
    expect(stepper.overflowAt).toBeNull();
  });
});
