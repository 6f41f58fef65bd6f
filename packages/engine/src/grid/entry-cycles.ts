// Where a cycle that holds only its entry closes, worked out once for every run of a sweep with
// that target (engine.md section 3). Until a level fills, a cycle's decisions depend on its open
// bar and its target alone: its take profit is P0 + spread + target whatever its lots, and it
// leaves that state only when the price falls to its own first level or stop. Runs of every lot
// shape and mediazione that open a cycle at the same bar with the same target (61% of a default
// GOLD sweep's cycles close before any level fills) therefore agree until then: the scan finds
// the exit and the lowest and highest prices the cycle passes before it, and each run checks that
// its own first trigger lies below that low (run-grid.ts settles the money).
import { entryLots, toMilliPoints, type GridParams } from './params';
import { alignedLevels, type BlockLevel, type PreparedBars } from './prepared-bars';

/** Answers kept, one slot per bar modulo this: the runs of a sweep take turns over 4,096 bars. */
const SLOTS = 4096;
/** An empty slot, or a cycle with no exit to share. */
const NO_BAR = -1;
const LOWEST = -2_147_483_648;
const HIGHEST = 2_147_483_647;

/**
 * How far below P0 a run's cycle first has something to fill or stop at full lots: its first level
 * with lots or its stop. Falls deeper than every sharing run's are not worth scanning on.
 */
export function firstFallDistance(params: GridParams): number {
  const step = toMilliPoints(params.mediazione);
  const levelCount = Math.floor(toMilliPoints(params.worst) / step);
  const level = entryLots(params, levelCount, 1).findIndex((lots, index) => index > 0 && lots > 0);
  const stop = toMilliPoints(params.safeWorst);
  return level > 0 ? Math.min(level * step, stop) : stop;
}

export class EntryCycles {
  /** The answer of the last find: the bar whose path reaches the take profit. */
  exitBar = NO_BAR;
  /** Whether the exit bar opens at or above the take profit (the cycle closes at that open). */
  gap = false;
  /** The lowest and highest prices the cycle's path passes before its exit (milli-points). */
  low = HIGHEST;
  high = LOWEST;

  private readonly opens: Int32Array;
  private readonly closes: Int32Array;
  private readonly pathMin: Int32Array;
  private readonly pathMax: Int32Array;
  private readonly malformed: Int32Array;
  private readonly levels: readonly BlockLevel[];
  private readonly finestMask: number;
  private readonly coarsestAligned: Int8Array;
  private readonly spread: number;
  private readonly slotBar = new Int32Array(SLOTS).fill(NO_BAR);
  private readonly slotExit = new Int32Array(SLOTS);
  private readonly slotLow = new Int32Array(SLOTS);
  private readonly slotHigh = new Int32Array(SLOTS);

  /**
   * `target` in milli-points; `fallReach`: falls of that many milli-points below P0 reach the first
   * trigger of every run that asks, so the scan gives up there.
   */
  constructor(
    prepared: PreparedBars,
    private readonly target: number,
    private readonly fallReach: number,
  ) {
    this.opens = prepared.open;
    this.closes = prepared.close;
    this.pathMin = prepared.pathMin;
    this.pathMax = prepared.pathMax;
    this.malformed = prepared.malformed.bars;
    this.levels = prepared.levels;
    this.finestMask = (prepared.levels[0]?.size ?? 2 ** 31) - 1;
    this.coarsestAligned = alignedLevels(prepared.levels);
    this.spread = toMilliPoints(prepared.instrument.spreadPoints);
  }

  /**
   * The cycle opening at `bar`, if it reaches its take profit before the bar `runEnd` (where the
   * fx rate changes) and before falling `fallReach` below its open, in a bar that is not
   * malformed: true with exitBar, gap, low and high set; false otherwise.
   */
  find(bar: number, runEnd: number): boolean {
    const slot = bar & (SLOTS - 1);
    if (this.slotBar[slot] !== bar) {
      this.slotBar[slot] = bar;
      this.slotExit[slot] = this.scan(bar, runEnd);
      this.slotLow[slot] = this.low;
      this.slotHigh[slot] = this.high;
    }
    const exitBar = this.slotExit[slot] as number;
    if (exitBar === NO_BAR) return false;
    this.exitBar = exitBar;
    this.low = this.slotLow[slot] as number;
    this.high = this.slotHigh[slot] as number;
    this.gap = (this.opens[exitBar] as number) >= (this.opens[bar] as number) + this.spread + this.target;
    return true;
  }

  /** The exit bar (NO_BAR when there is none to share), with low and high of the path before it. */
  private scan(bar: number, runEnd: number): number {
    const { pathMin, pathMax, levels, finestMask, coarsestAligned } = this;
    const takeProfit = (this.opens[bar] as number) + this.spread + this.target;
    const deepest = (this.opens[bar] as number) - this.fallReach;
    let low = HIGHEST;
    let high = LOWEST;
    let at = bar;
    scanning: while (at < runEnd) {
      if ((at & finestMask) === 0) {
        // The largest aligned block below the take profit, whole.
        for (let index = coarsestAligned[Math.clz32(at & -at)] as number; index >= 0; index--) {
          const level = levels[index] as BlockLevel;
          if (at + level.size > runEnd) continue;
          const block = at >>> level.shift;
          const maxPrice = level.maxPrice[block] as number;
          if (maxPrice >= takeProfit) continue;
          const minPrice = level.minPrice[block] as number;
          if (minPrice <= deepest) return NO_BAR;
          if (minPrice < low) low = minPrice;
          if (maxPrice > high) high = maxPrice;
          at += level.size;
          continue scanning;
        }
      }
      const minPrice = pathMin[at] as number;
      if ((pathMax[at] as number) >= takeProfit) break;
      if (minPrice <= deepest) return NO_BAR;
      if (minPrice < low) low = minPrice;
      if ((pathMax[at] as number) > high) high = pathMax[at] as number;
      at++;
    }
    if (at >= runEnd || this.isMalformed(at)) return NO_BAR;
    const open = this.opens[at] as number;
    if (open < takeProfit) {
      // Before a rising segment reaches the take profit the path passes the open, and the low
      // first when the bar closes at or above its open (o → l → h → c).
      if (open < low) low = open;
      if (open > high) high = open;
      if ((this.closes[at] as number) >= open && (pathMin[at] as number) < low) low = pathMin[at] as number;
    }
    this.low = low;
    this.high = high;
    return at;
  }

  private isMalformed(bar: number): boolean {
    const bars = this.malformed;
    let from = 0;
    let to = bars.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if ((bars[middle] as number) < bar) from = middle + 1;
      else to = middle;
    }
    return bars[from] === bar;
  }
}
