// Where a cycle that holds only its entry closes, worked out once for every run of a sweep with
// that target (engine.md section 3). Until a level fills, a cycle's decisions depend on its open
// bar and its target alone: its take profit is P0 + spread + target whatever its lots, and it
// leaves that state only when the price falls to its own first level or stop. Runs of every lot
// shape and mediazione that open a cycle at the same bar with the same target (61% of a default
// GOLD sweep's cycles close before any level fills) therefore agree until then: the scan finds
// the exit and the lowest and highest prices the cycle passes before it, and each run checks that
// its own first trigger lies below that low (run-grid.ts settles the money). A scan goes only as
// deep as the run that asks needs: a run with a deeper first trigger resumes it where it stopped.
// Where a run's level fills first, or the fx rate changes, the bars before are still settled: the
// run walks on from there.
import { toMilliPoints } from './params';
import { alignedLevels, type BlockLevel, type PreparedBars } from './prepared-bars';

/** Answers kept, one slot per bar modulo this: the runs of a sweep take turns over 4,096 bars. */
const SLOTS = 4096;
/** An empty slot; no exit. */
export const NO_BAR = -1;
const LOWEST = -2_147_483_648;
const HIGHEST = 2_147_483_647;

// Where a slot's scan stands.
/** Stopped at a bar whose path falls to the floor it was asked with: a deeper floor resumes it. */
const STOPPED = 0;
/** Its exit bar is found. */
const EXITS = 1;
/** No exit to share: the fx rate changes, or the bars end, or the exit bar is malformed. */
const NONE = 2;

export class EntryCycles {
  /** The answer of the last find: the bar whose path reaches the take profit, or NO_BAR. */
  exitBar = NO_BAR;
  /** Without an exit: the first bar the answer does not cover (its level or stop may fire there). */
  until = NO_BAR;
  /** Whether the exit bar opens at or above the take profit (the cycle closes at that open). */
  gap = false;
  /** The lowest and highest prices the cycle's path passes before its exit, or before `until`. */
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
  // Each slot: the cycle's open bar, where its scan stands (STOPPED, EXITS or NONE), the bar it
  // stands at (the exit bar, once found) and the lowest and highest prices before that bar.
  private readonly slotBar = new Int32Array(SLOTS).fill(NO_BAR);
  private readonly slotState = new Uint8Array(SLOTS);
  private readonly slotAt = new Int32Array(SLOTS);
  private readonly slotLow = new Int32Array(SLOTS);
  private readonly slotHigh = new Int32Array(SLOTS);

  /** `target` in milli-points. */
  constructor(
    prepared: PreparedBars,
    private readonly target: number,
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
   * The cycle opening at `bar`, for a run whose first level or stop is at `floor`, up to the bar
   * `runEnd` (where the fx rate changes): true with exitBar, gap, low and high set when it reaches
   * its take profit before its path falls to the floor, in a bar that is not malformed; true with
   * exitBar NO_BAR, until, low and high when it holds only its entry in the bars before `until`
   * but may fill a level there (or meets the new rate or a malformed exit bar); false when the
   * run has to walk it from its open.
   */
  find(bar: number, runEnd: number, floor: number): boolean {
    const slot = bar & (SLOTS - 1);
    if (this.slotBar[slot] !== bar) {
      this.slotBar[slot] = bar;
      this.slotState[slot] = STOPPED;
      this.slotAt[slot] = bar;
      this.slotLow[slot] = HIGHEST;
      this.slotHigh[slot] = LOWEST;
    }
    if (this.slotState[slot] === STOPPED) this.scan(slot, runEnd, floor);
    const at = this.slotAt[slot] as number;
    this.low = this.slotLow[slot] as number;
    this.high = this.slotHigh[slot] as number;
    if (this.slotState[slot] === EXITS) {
      this.exitBar = at;
      this.gap = (this.opens[at] as number) >= (this.opens[bar] as number) + this.spread + this.target;
    } else {
      this.exitBar = NO_BAR;
      this.until = at;
      if (at === bar) return false;
    }
    // A shallower run asking after a deeper one: its floor may lie in the bars scanned.
    return this.low > floor;
  }

  /** Takes the slot's scan on from where it stands, down to `floor` at most. */
  private scan(slot: number, runEnd: number, floor: number): void {
    const { pathMin, pathMax, levels, finestMask, coarsestAligned } = this;
    const takeProfit = (this.opens[this.slotBar[slot] as number] as number) + this.spread + this.target;
    let low = this.slotLow[slot] as number;
    let high = this.slotHigh[slot] as number;
    let at = this.slotAt[slot] as number;
    scanning: while (at < runEnd) {
      if ((at & finestMask) === 0) {
        // The largest aligned block with nothing to fire, whole.
        for (let index = coarsestAligned[Math.clz32(at & -at)] as number; index >= 0; index--) {
          const level = levels[index] as BlockLevel;
          if (at + level.size > runEnd) continue;
          const block = at >>> level.shift;
          const maxPrice = level.maxPrice[block] as number;
          const minPrice = level.minPrice[block] as number;
          if (maxPrice >= takeProfit || minPrice <= floor) continue;
          if (minPrice < low) low = minPrice;
          if (maxPrice > high) high = maxPrice;
          at += level.size;
          continue scanning;
        }
      }
      const minPrice = pathMin[at] as number;
      const maxPrice = pathMax[at] as number;
      if (maxPrice >= takeProfit) break;
      if (minPrice <= floor) {
        this.stand(slot, STOPPED, at, low, high);
        return;
      }
      if (minPrice < low) low = minPrice;
      if (maxPrice > high) high = maxPrice;
      at++;
    }
    if (at >= runEnd || this.isMalformed(at)) {
      this.stand(slot, NONE, at, low, high);
      return;
    }
    const open = this.opens[at] as number;
    if (open < takeProfit) {
      // Before a rising segment reaches the take profit the path passes the open, and the low
      // first when the bar closes at or above its open (o → l → h → c).
      if (open < low) low = open;
      if (open > high) high = open;
      if ((this.closes[at] as number) >= open && (pathMin[at] as number) < low) low = pathMin[at] as number;
    }
    this.stand(slot, EXITS, at, low, high);
  }

  private stand(slot: number, state: number, at: number, low: number, high: number): void {
    this.slotState[slot] = state;
    this.slotAt[slot] = at;
    this.slotLow[slot] = low;
    this.slotHigh[slot] = high;
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
