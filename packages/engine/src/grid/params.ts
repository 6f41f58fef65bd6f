// The inputs of one grid run (engine.md sections 3 and 9) and their exact integer form:
// prices in milli-points (1/1000 of a point), lots in hundredths. Every decision compares
// integers; floating point only computes the money reported (fine point 1).

export interface InstrumentSpec {
  /** Price units per point (GOLD 0.1, NASDAQ 1, EURUSD 0.0001). */
  point: number;
  /** Units per lot. */
  contractSize: number;
  /** Spread in points, paid on every buy. */
  spreadPoints: number;
}

export interface GridParams {
  size: number;
  addizionale: number;
  /** Distances in points. */
  mediazione: number;
  target: number;
  multiplier: number;
  worst: number;
  safeWorst: number;
  /** EUR. */
  capital: number;
  leverage: number;
  dynamic: boolean;
  close: boolean;
}

export interface RunResult {
  profit: number;
  interest: number;
  trades: number;
  stops: number;
  requirement: number;
  /** requirement at 1:20 and at 1:200, the platform's two leverages, whatever the run's own (issue 36). */
  requirement20: number;
  requirement200: number;
  maxDrawdown: number;
  /**
   * Time under water, in ms: the longest time equity went without a new high (above every equity
   * sample before it, the capital being the first peak at the first bar). Each sample counts at
   * its bar's open time; the last stretch runs to the last bar the run walked (overflowAt for a run
   * that stopped there). 0 for a run that opened no cycle.
   */
  timeUnderWater: number;
  openPnl: number;
  size: number;
  addizionale: number;
  mediazione: number;
  target: number;
  multiplier: number;
  /**
   * The run left the range where its integers are exact (fine point 1, leavesExactRange) and
   * stopped there: the other fields are its figures up to that moment.
   */
  overflow: boolean;
  /** When it did: the open time (ms) of the bar whose cycle would have left the range; null when it did not. */
  overflowAt: number | null;
}

/** Lots above this are refused: their integer products would leave the exact range of a double. */
const MAX_LOTS = 1e10;

/** Why the parameters are invalid (fine point 19), or null. */
export function gridParamsProblem(params: GridParams): string | null {
  if (!(params.multiplier >= 1)) return 'multiplier deve essere almeno 1';
  if (!(params.mediazione > 0)) return 'mediazione deve essere maggiore di 0';
  if (!(params.target > 0)) return 'target deve essere maggiore di 0';
  if (!(params.size > 0)) return 'size deve essere maggiore di 0';
  if (!(params.addizionale > 0)) return 'addizionale deve essere maggiore di 0';
  if (!(params.worst > 0)) return 'worst deve essere maggiore di 0';
  if (!(params.safeWorst > 0)) return 'safeWorst deve essere maggiore di 0';
  if (!(params.capital > 0)) return 'il capitale deve essere maggiore di 0';
  if (!(params.leverage > 0)) return 'la leva deve essere maggiore di 0';
  const levels = Math.floor(toMilliPoints(params.worst) / toMilliPoints(params.mediazione));
  const largest = Math.max(params.size, params.addizionale * params.multiplier ** Math.max(0, levels - 1));
  if (!(largest <= MAX_LOTS)) return 'lotti troppo grandi';
  return null;
}

/** Half-up rounding to hundredths of a lot, as an integer count (fine point 3). */
export const roundLots = (lots: number) => Math.floor(lots * 100 + 0.5 + 1e-9);

/** A distance in points, resolved to whole milli-points (fine point 14). */
export const toMilliPoints = (points: number) => Math.round(points * 1000);

/** Milli-points per price unit: 10,000 for GOLD, 1,000 for NASDAQ, 10,000,000 for EURUSD. */
export const milliPointsPerUnit = (instrument: InstrumentSpec) => Math.round(1000 / instrument.point);

/** USD of one hundredth of a lot moving one milli-point. */
export const usdPerLotHundredthMilliPoint = (instrument: InstrumentSpec) =>
  (instrument.point * instrument.contractSize) / 100_000;

/**
 * Whether a cycle opened at `open` (milli-points) could leave the range where integers held in
 * doubles are exact (below 2^53, fine point 1). Every fill is at most open + spread (a level fills
 * at or below its trigger, and bid prices are positive) and the take profit at most that plus the
 * target, so Σ q·fill and every product with Q that decides the take profit stay at or under
 * totalLots · (open + spread + target), totalLots being the hundredths of every entry that can
 * fill. Checked once per cycle, when it opens: within the range, nothing of that cycle can leave
 * it. The test itself is exact: a true product above 2^53 − 1 rounds to 2^53 or more.
 */
export const leavesExactRange = (totalLots: number, open: number, spread: number, target: number) =>
  totalLots * (open + spread + target) > Number.MAX_SAFE_INTEGER;

/** Above every price the fast engine holds (its prices are 32-bit integers). */
const HIGHEST_INT32 = 2_147_483_647;

/**
 * The highest open (milli-points) at which leavesExactRange is false for these lots, capped at
 * the largest 32-bit integer: worked out when the lots change, it leaves one integer comparison
 * per cycle for the fast engine.
 */
export function highestOpenInRange(totalLots: number, spread: number, target: number): number {
  if (!(totalLots > 0)) return HIGHEST_INT32;
  // The largest integer factor with totalLots · factor <= 2^53 − 1. The quotient is rounded, so it
  // is settled on products, which compare exactly (past 2^53 − 1 they round to 2^53 or more).
  let factor = Math.floor(Number.MAX_SAFE_INTEGER / totalLots);
  while (factor > 0 && factor * totalLots > Number.MAX_SAFE_INTEGER) factor--;
  while ((factor + 1) * totalLots <= Number.MAX_SAFE_INTEGER) factor++;
  return Math.min(factor - spread - target, HIGHEST_INT32);
}

/** The lots of each entry for scale f: entry 0 then levels 1..N (0 means skipped). */
export function entryLots(params: GridParams, levels: number, scale: number): Float64Array {
  const lots = new Float64Array(levels + 1);
  lots[0] = roundLots(params.size * scale);
  for (let level = 1; level <= levels; level++) {
    lots[level] = roundLots(params.addizionale * params.multiplier ** (level - 1) * scale);
  }
  return lots;
}
