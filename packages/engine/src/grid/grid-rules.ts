// The grid's rules in milli-points and hundredths of a lot (engine.md sections 3 and 9), in one
// place: where a cycle's levels and stop lie, what an entry fills at, when the take profit is
// reached and where a move meets it. The stepper (a bot, a row's equity curve, the walker) and the
// standing orders call them. The fast sweep (run-grid.ts) takes its grid from gridGeometry but
// keeps inlined copies of the per-event rules, as a call per event in its loops costs it its speed
// (docs/adr/0001); the property tests that hold the sweep, the stepper and the reference simulator
// equal on every field (grid-property.test.ts, grid-stepper.test.ts) fail when a copy drifts.
import { toMilliPoints, type GridParams, type InstrumentSpec } from './params';

/** A run's grid, fixed by its parameters. */
export interface GridGeometry {
  /** The instrument's spread: an entry fills at its bid plus it. */
  spread: number;
  /** mediazione: the distance between two levels. */
  levelStep: number;
  /** The take profit above the cycle's average fill. */
  target: number;
  /** safeWorst: the stop below the cycle's start. */
  stopDistance: number;
  /** The averaging levels under the start, worst ÷ mediazione of them. */
  levelCount: number;
}

export function gridGeometry(params: GridParams, instrument: InstrumentSpec): GridGeometry {
  return {
    spread: toMilliPoints(instrument.spreadPoints),
    levelStep: toMilliPoints(params.mediazione),
    target: toMilliPoints(params.target),
    stopDistance: toMilliPoints(params.safeWorst),
    levelCount: levelCountOf(params),
  };
}

/** How many averaging levels fit under a cycle's start: worst ÷ mediazione, whole. */
export const levelCountOf = (params: Pick<GridParams, 'worst' | 'mediazione'>) =>
  Math.floor(toMilliPoints(params.worst) / toMilliPoints(params.mediazione));

/** The price at which level `level` (1..levelCount) of a cycle started at `start` fills. */
export const levelTrigger = (start: number, level: number, levelStep: number) => start - level * levelStep;

/** The cycle's stop; one at or below 0 never fires (fine point 15). */
export const cycleStop = (start: number, stopDistance: number) => start - stopDistance;

/** What an entry decided at `bid` fills at. */
export const fillAt = (bid: number, spread: number) => bid + spread;

/** The take profit in exact integers: (bid − tg) · Q ≥ Σ q · fill (fine point 1). */
export const reachesTakeProfit = (bid: number, quantity: number, cost: number, target: number) =>
  (bid - target) * quantity >= cost;

/** Where a move up meets the take profit exactly (fine point 7): the average fill plus tg. */
export const takeProfitBid = (quantity: number, cost: number, target: number) =>
  (cost + target * quantity) / quantity;
