// The live result beside the backtest of the same period (issue 36, the drift alert). The engine
// runs the investment's grid (the one its bot was handed) from the investment's start over the
// prices its bot traded on, through the equity curve's walk of the decision core (GridStepper),
// and ends at capital + profit + the open cycle's P/L at the last close. The bot's side is what it
// booked by the end of that last bar: its closed cycles' profit, and what the positions it held
// then were worth at that close, at the same day's fx, as the engine values its open cycle. Both
// sides count the open cycle, so a cycle the bot closes a few seconds after the engine (a tick
// versus a bar's path) is no gap; a bot that missed prices, filled worse or stopped for a while is.
import {
  equityCurve,
  utcDay,
  type Bars,
  type FxCurve,
  type GridParams,
  type InstrumentSpec,
} from '@platform/engine';
import { DRIFT_EPISODE_END_SHARE } from '@platform/contracts';

/** The bars are 1m: the last one ends a minute after it starts. */
const BAR_MS = 60_000;

/** A cycle the bot closed: a transaction. */
export interface BookedCycle {
  openedAt: number;
  closedAt: number;
  lots: number;
  /** The cycle's volume-weighted entry. */
  entryPrice: number;
  /** EUR. */
  profitLoss: number;
}

/** A filled entry of the cycle the bot holds open. */
export interface HeldPosition {
  openedAt: number;
  lots: number;
  price: number;
}

export interface DriftInput {
  /** The prices the bot traded on, from the investment's start, oldest first. */
  bars: Bars;
  params: GridParams;
  instrument: InstrumentSpec;
  fx: FxCurve;
  cycles: readonly BookedCycle[];
  positions: readonly HeldPosition[];
}

export interface Drift {
  /** The moment both sides are taken at: the end of the last bar (ms). */
  asOf: number;
  /** EUR the bot made by then, closed and open. */
  liveEur: number;
  /** EUR the engine makes over the same bars, closed and open. */
  backtestEur: number;
  /** live − backtest, EUR and percent of the capital. */
  gapEur: number;
  gapPct: number;
}

/** Where the gap stands against the limit: past it, back well under it (the episode ends), or between. */
export type DriftStanding = 'past' | 'back' | 'between';

/** The bot's result at `at`, valuing what it held then at `price` (EUR per point and lot: `eurPerPoint`). */
export function bookedResult(
  cycles: readonly BookedCycle[],
  positions: readonly HeldPosition[],
  at: number,
  price: number,
  eurPerPoint: number,
): number {
  let realised = 0;
  let floatingPoints = 0;
  for (const cycle of cycles) {
    if (cycle.closedAt <= at) realised += cycle.profitLoss;
    else if (cycle.openedAt <= at) floatingPoints += cycle.lots * (price - cycle.entryPrice);
  }
  for (const position of positions)
    if (position.openedAt <= at) floatingPoints += position.lots * (price - position.price);
  return realised + floatingPoints * eurPerPoint;
}

/** Both results over the input's bars, or null when there are none to compare on. */
export function measureDrift(input: DriftInput): Drift | null {
  const { bars, params } = input;
  const last = bars.t.length - 1;
  if (last < 0) return null;
  const run = equityCurve(bars, params, input.instrument, input.fx, { points: 1 });
  const lastStart = bars.t[last] as number;
  const asOf = lastStart + BAR_MS;
  const eurPerPoint = input.instrument.contractSize / input.fx.rateOnDay(utcDay(lastStart));
  const liveEur = bookedResult(input.cycles, input.positions, asOf, bars.c[last] as number, eurPerPoint);
  const backtestEur = run.profit + run.openPnl;
  const gapEur = liveEur - backtestEur;
  return { asOf, liveEur, backtestEur, gapEur, gapPct: (gapEur / params.capital) * 100 };
}

/** A gap of `gapPct` (either way) against a limit of `limitPct` percent of the capital. */
export function driftStanding(gapPct: number, limitPct: number): DriftStanding {
  const size = Math.abs(gapPct);
  if (size >= limitPct) return 'past';
  return size < limitPct * DRIFT_EPISODE_END_SHARE ? 'back' : 'between';
}
