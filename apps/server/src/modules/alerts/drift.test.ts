// The drift alert's comparison (drift.ts) on a real month of GOLD: what a bot that made exactly the
// backtest's trades booked is no gap at all, and a booked result a few hundred EUR worse is that
// gap, in EUR and in percent of the capital; the limit's three standings.
import { fxFromCloses, walkGrid, type Bars, type ClosedCycle, type FxCurve } from '@platform/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EURUSD_FILE,
  GOLD_FILE,
  INSTRUMENTS,
  barsOf,
  gridParams,
  monthOf,
} from '../../../test/support/bots/real-months';
import { bookedResult, driftStanding, measureDrift, type BookedCycle, type HeldPosition } from './drift';

describe('the drift of a live result from the backtest', () => {
  let bars: Bars;
  let fx: FxCurve;
  const params = gridParams('GOLD', false);
  /** What a bot that made the backtest's trades books: its cycles, and the one still open as held. */
  let cycles: ClosedCycle[];
  let positions: HeldPosition[];

  beforeAll(async () => {
    bars = await monthOf(GOLD_FILE, 2);
    const eurusd = await barsOf(EURUSD_FILE);
    fx = fxFromCloses(eurusd.t, eurusd.c);
    // Closing the open cycle at the end gives its lots and average entry: the positions held then.
    const walked = walkGrid(bars, { ...params, close: true }, INSTRUMENTS.GOLD, fx);
    const end = walked.cycles.at(-1)!;
    expect(end.reason).toBe('close');
    cycles = walked.cycles.slice(0, -1);
    positions = [{ openedAt: end.openedAt, lots: end.lots, price: end.entryPrice }];
    expect(cycles.filter((cycle) => cycle.reason === 'stop').length).toBeGreaterThan(0);
  });

  const measure = (booked: BookedCycle[], held: HeldPosition[] = positions) =>
    measureDrift({ bars, params, instrument: INSTRUMENTS.GOLD, fx, cycles: booked, positions: held })!;

  it('finds no gap when the bot booked the backtest’s cycles and holds its open one', () => {
    const drift = measure(cycles);
    expect(cycles.length).toBeGreaterThan(5);
    expect(drift.asOf).toBe((bars.t[bars.t.length - 1] as number) + 60_000);
    expect(Math.abs(drift.gapEur)).toBeLessThan(1e-6);
    expect(drift.liveEur).toBeCloseTo(drift.backtestEur, 6);
    expect(drift.backtestEur).not.toBe(0);
  });

  it('measures a worse booked result as the gap, in EUR and in percent of the capital', () => {
    const worse = cycles.map((cycle, index) =>
      index === 3 ? { ...cycle, profitLoss: cycle.profitLoss - 250 } : cycle,
    );
    const drift = measure(worse);
    expect(drift.gapEur).toBeCloseTo(-250, 6);
    expect(drift.gapPct).toBeCloseTo(-2.5, 8);
    // A bot that missed the last cycles (its process down) is behind by what they made.
    const missed = measure(cycles.slice(0, -2));
    const lost = cycles.slice(-2).reduce((sum, cycle) => sum + cycle.profitLoss, 0);
    expect(missed.gapEur).toBeCloseTo(-lost, 6);
    // Without the open cycle's positions, the gap is what they are worth at the last close.
    const unheld = measure(cycles, []);
    const lastClose = bars.c[bars.c.length - 1] as number;
    const lastDay = Math.floor((bars.t[bars.t.length - 1] as number) / 86_400_000);
    const open = (positions[0]!.lots * (lastClose - positions[0]!.price) * 100) / fx.rateOnDay(lastDay);
    expect(unheld.gapEur).toBeCloseTo(-open, 6);
  });

  it('counts what was closed by the moment, and values what was held then at the price', () => {
    const cycle = { openedAt: 1_000, closedAt: 5_000, lots: 2, entryPrice: 100, profitLoss: 40 };
    const held = [{ openedAt: 6_000, lots: 1, price: 110 }];
    // Before the cycle closed: its lots at the price; the later position not yet.
    expect(bookedResult([cycle], held, 4_000, 105, 10)).toBe(2 * 5 * 10);
    expect(bookedResult([cycle], held, 5_000, 105, 10)).toBe(40);
    expect(bookedResult([cycle], held, 7_000, 105, 10)).toBe(40 - 5 * 10);
    expect(bookedResult([cycle], held, 500, 105, 10)).toBe(0);
  });

  it('is past the limit from the limit on, either way, and back only under half of it', () => {
    expect(driftStanding(-2.5, 2)).toBe('past');
    expect(driftStanding(2, 2)).toBe('past');
    expect(driftStanding(1.99, 2)).toBe('between');
    expect(driftStanding(-1, 2)).toBe('between');
    expect(driftStanding(0.99, 2)).toBe('back');
    expect(driftStanding(0, 2)).toBe('back');
  });

  it('has nothing to compare on before the first price', () => {
    const none = {
      t: new Float64Array(),
      o: new Float64Array(),
      h: new Float64Array(),
      l: new Float64Array(),
      c: new Float64Array(),
    };
    expect(
      measureDrift({ bars: none, params, instrument: INSTRUMENTS.GOLD, fx, cycles: [], positions: [] }),
    ).toBeNull();
  });
});
