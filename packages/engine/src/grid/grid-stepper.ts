// The grid's decision core for one run, one price event at a time (engine.md sections 3, 6
// and 9; DESIGN.md section 7). A live bot feeds it every price it sees; the walker
// (walk-grid.ts) feeds it each bar's open and the three segments of its path, so a bot fed the
// bars of a period decides exactly what a backtest decided. The fast sweep (run-grid.ts) has its
// own path through the bars; property tests hold the three to the reference simulator.
//
// Three kinds of price event:
// - open: a new bar (a new minute, live) starts at this price. The price jumped here, so every
//   pending trigger at or above it fires at it (fine point 6); then, with no cycle, one opens.
// - jump: the price jumped here inside a bar (a live quote after a pause): triggers fire at it.
// - move: the price moved here continuously from the last one (a segment of the bar's path):
//   levels fill at their trigger, the stop closes at the stop, the take profit at itself.
// Prices are integers in milli-points, lots integers in hundredths (fine point 1).
import type {
  ExitDecision,
  ExitReason,
  Fill,
  GridDecision,
  OpenCycle,
  PriceEventKind,
  QuietBand,
} from './decisions';
import {
  cycleStop,
  fillAt,
  gridGeometry,
  levelTrigger,
  reachesTakeProfit,
  takeProfitBid,
} from './grid-rules';
import {
  entryLots,
  leavesExactRange,
  milliPointsPerUnit,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
} from './params';
import type { StandingOrders } from './standing-orders';

export interface StepperOptions {
  params: GridParams;
  instrument: InstrumentSpec;
  /** engine.md section 6: a cap on a cycle's total lots, in hundredths; a level that would pass it is skipped. */
  maxLots?: number;
  /** The EURUSD rate a USD amount realised at this time is divided by (engine.md section 1); default 1. */
  fxRate?: (timeMs: number) => number;
}

export class GridStepper {
  private readonly params: GridParams;
  private readonly spread: number;
  private readonly levelStep: number;
  private readonly target: number;
  private readonly stopDistance: number;
  private readonly levelCount: number;
  private readonly usdPerUnit: number;
  private readonly maxLots: number;
  private readonly fxRate: (timeMs: number) => number;

  /** Realised EUR since the start. */
  private realisedEur = 0;
  private cycle: {
    start: number;
    scale: number;
    stop: number;
    lots: Float64Array;
    /** The next level that may fill (levels fill from the highest down). */
    next: number;
    quantity: number;
    cost: number;
    fills: Fill[];
  } | null = null;
  /** The entry rounds to 0 lots (or passes maxLots): nothing will ever open (fine point 4). */
  private stalled = false;
  /** When a cycle would have left the exact range (ms); from then on the stepper decides nothing. */
  private leftRangeAt: number | null = null;
  /** A cycle closed in this bar: the rest of it is ignored. */
  private closedInBar = false;
  private lastPrice: number | null = null;
  /** The lots of the last scale a cycle opened with, and their sum (nextEntry). */
  private entryOfScale: { scale: number; lots: Float64Array; sum: number } | null = null;

  /** Milli-points per price unit of the instrument. */
  readonly perUnit: number;

  constructor(options: StepperOptions) {
    this.params = options.params;
    this.perUnit = milliPointsPerUnit(options.instrument);
    ({
      spread: this.spread,
      levelStep: this.levelStep,
      target: this.target,
      stopDistance: this.stopDistance,
      levelCount: this.levelCount,
    } = gridGeometry(options.params, options.instrument));
    this.usdPerUnit = usdPerLotHundredthMilliPoint(options.instrument);
    this.maxLots = options.maxLots ?? Number.POSITIVE_INFINITY;
    this.fxRate = options.fxRate ?? (() => 1);
  }

  /** A price in price units as milli-points (prices sit on the instrument's tick grid). */
  toMilli(price: number): number {
    return Math.round(price * this.perUnit);
  }

  get realised(): number {
    return this.realisedEur;
  }

  /**
   * True when no cycle can ever open: the entry's lots round to 0 or pass maxLots, or a cycle
   * would have left the exact range (overflowAt says when).
   */
  get cannotOpen(): boolean {
    return this.stalled || this.leftRangeAt !== null;
  }

  /**
   * The time (ms) of the price at which a cycle would have opened with lots or money beyond the
   * range where integers are exact (leavesExactRange), or null. The stepper stopped deciding
   * there, with no cycle open: a bot never trades on inexact numbers.
   */
  get overflowAt(): number | null {
    return this.leftRangeAt;
  }

  get openCycle(): OpenCycle | null {
    const cycle = this.cycle;
    return cycle
      ? { start: cycle.start, scale: cycle.scale, fills: cycle.fills.map((fill) => ({ ...fill })) }
      : null;
  }

  /**
   * The open cycle's stop (milli-points); null with no cycle open, or a stop at or below 0, which
   * never fires (fine point 15).
   */
  get openStop(): number | null {
    const stop = this.cycle?.stop ?? 0;
    return stop > 0 ? stop : null;
  }

  /** Floating P/L of the open cycle at a bid, in USD. */
  floatingUsd(price: number): number {
    return this.cycle ? (this.cycle.quantity * price - this.cycle.cost) * this.usdPerUnit : 0;
  }

  /**
   * Where the next step would be quiet. Inside the band the only state a step changes is the last
   * price, which only tells a move's direction; a price outside the band fires on its own side
   * whatever the last price was, as the last price handled lies inside the band. No cycle (or one
   * closed in this bar): nothing but the next open decides, and it opens a cycle.
   */
  quietBand(): QuietBand {
    const cycle = this.cycle;
    if (this.leftRangeAt !== null || !cycle) {
      const opensQuiet = this.leftRangeAt !== null || this.stalled;
      return { above: Number.NEGATIVE_INFINITY, below: Number.POSITIVE_INFINITY, opensQuiet };
    }
    const level = this.pendingLevel();
    const trigger = level === 0 ? Number.NEGATIVE_INFINITY : levelTrigger(cycle.start, level, this.levelStep);
    const stop = this.openStop ?? Number.NEGATIVE_INFINITY;
    // The take profit fires from ceil(cost / Q) + tg up; floor keeps the band inside even when
    // the division rounds (fine point 1 keeps the decision itself exact).
    return {
      above: Math.max(trigger, stop),
      below: Math.floor(cycle.cost / cycle.quantity) + this.target,
      opensQuiet: true,
    };
  }

  /** Carries on after a restart: what was realised, and the cycle that was open. */
  restore(realisedEur: number, open: OpenCycle | null): void {
    this.realisedEur = realisedEur;
    this.cycle = null;
    this.stalled = false;
    this.leftRangeAt = null;
    this.closedInBar = false;
    this.lastPrice = null;
    if (!open) return;
    const lots = entryLots(this.params, this.levelCount, open.scale);
    const cycle = {
      start: open.start,
      scale: open.scale,
      stop: cycleStop(open.start, this.stopDistance),
      lots,
      next: 1,
      quantity: 0,
      cost: 0,
      fills: [] as Fill[],
    };
    for (const fill of open.fills) {
      cycle.quantity += fill.lots;
      cycle.cost += fill.lots * fill.price;
      cycle.fills.push({ ...fill });
      if (fill.level >= cycle.next) cycle.next = fill.level + 1;
    }
    this.cycle = cycle;
  }

  /** One price event; returns what to do, in order. */
  step(kind: PriceEventKind, price: number, timeMs: number): GridDecision[] {
    const decisions: GridDecision[] = [];
    if (this.leftRangeAt !== null) return decisions;
    if (kind === 'open') this.closedInBar = false;
    if (this.closedInBar) {
      this.lastPrice = price;
      return decisions;
    }
    const previous = this.lastPrice;
    this.lastPrice = price;
    if (kind === 'move' && previous !== null) {
      if (price < previous) this.fall(price, false, timeMs, decisions);
      else if (price > previous && this.reachesTakeProfit(price)) {
        // Inside a move the take profit is met exactly: the exit realises Q · tg (fine point 7).
        const { cost, quantity } = this.cycle!;
        const exact = quantity * this.target * this.usdPerUnit;
        this.exit('take-profit', takeProfitBid(quantity, cost, this.target), timeMs, decisions, exact);
      }
    } else {
      // The price jumped here (a bar's open, a quote after a pause, the first price after a restart).
      if (!this.fall(price, true, timeMs, decisions) && this.reachesTakeProfit(price)) {
        this.exit('take-profit', price, timeMs, decisions);
      }
    }
    if (kind === 'open' && !this.closedInBar && !this.cycle) this.open(price, timeMs, decisions);
    return decisions;
  }

  /** End of a period (a backtest's last bar): close the open cycle at the bid, as a trade. */
  closeAt(price: number, timeMs: number): ExitDecision | null {
    if (!this.cycle) return null;
    const decisions: GridDecision[] = [];
    this.exit('close', price, timeMs, decisions);
    return decisions[0] as ExitDecision;
  }

  private open(price: number, timeMs: number, decisions: GridDecision[]): void {
    if (this.stalled) return;
    const entry = this.nextEntry();
    // f only changes with realised profit, so an entry of 0 lots never trades (fine point 4).
    if (!entry) {
      this.stalled = true;
      return;
    }
    const { scale, lots, totalLots } = entry;
    const first = lots[0] as number;
    if (leavesExactRange(totalLots, price, this.spread, this.target)) {
      this.leftRangeAt = timeMs;
      return;
    }
    const fill = fillAt(price, this.spread);
    this.cycle = {
      start: price,
      scale,
      stop: cycleStop(price, this.stopDistance),
      lots,
      next: 1,
      quantity: first,
      cost: first * fill,
      fills: [{ level: 0, lots: first, price: fill }],
    };
    decisions.push({ kind: 'enter', level: 0, lots: first, bid: price, fill });
  }

  /** The next cycle's scale and lots, and its lots in all; null when its entry is 0 or past maxLots. */
  private nextEntry(): { scale: number; lots: Float64Array; totalLots: number } | null {
    const { capital, dynamic } = this.params;
    const scale = dynamic ? Math.max(0, (capital + this.realisedEur) / capital) : 1;
    // A run that is not dynamic asks for scale 1 at every cycle: its lots are worked out once.
    // The cycles only read them.
    let entry = this.entryOfScale;
    if (entry?.scale !== scale) {
      const lots = entryLots(this.params, this.levelCount, scale);
      entry = { scale, lots, sum: lots.reduce((sum, quantity) => sum + quantity, 0) };
      this.entryOfScale = entry;
    }
    const { lots, sum } = entry;
    const first = lots[0] as number;
    if (first === 0 || first > this.maxLots) return null;
    // A cycle's quantity never passes maxLots: the cap bounds it as well as the lots do.
    return { scale, lots, totalLots: Math.min(sum, this.maxLots) };
  }

  /**
   * The orders the next deciding price sends, each where that price decides it alone
   * (standing-orders.ts); null when the stepper decides nothing more or its next step is not one
   * of them (an entry that stalls). Valid until the next price handed to the stepper.
   */
  standingOrders(): StandingOrders | null {
    if (this.leftRangeAt !== null) return null;
    const costs = { spread: this.spread, target: this.target };
    const cycle = this.cycle;
    if (!cycle) {
      const entry = this.stalled ? null : this.nextEntry();
      if (!entry) return null;
      const { scale, lots, totalLots } = entry;
      return {
        ...costs,
        entry: { lots: lots[0] as number, scale, totalLots },
        held: null,
        level: null,
        stop: null,
      };
    }
    const held = { quantity: cycle.quantity, cost: cycle.cost };
    const stop = this.openStop;
    const level = this.pendingLevel();
    const trigger = levelTrigger(cycle.start, level, this.levelStep);
    // A level under the stop never fills: the stop closes the cycle first.
    if (level === 0 || (stop !== null && trigger < stop))
      return { ...costs, entry: null, held, level: null, stop };
    // A level at or above the stop fills before it (fine point 15): the stop is that fall's second order.
    const lots = cycle.lots[level] as number;
    const next = this.levelAfter(level, cycle.quantity + lots);
    const below = next === 0 ? null : levelTrigger(cycle.start, next, this.levelStep);
    // Down to the next level or the stop, whichever is higher, the fall fills this level alone.
    const floor = below === null ? stop : stop === null ? below : Math.max(below, stop);
    return { ...costs, entry: null, held, level: { level, lots, trigger, floor }, stop: null };
  }

  /** The level that could fill after `level` once the cycle holds `quantity` (as pendingLevel). */
  private levelAfter(level: number, quantity: number): number {
    const cycle = this.cycle!;
    for (let next = level + 1; next <= this.levelCount; next++) {
      const lots = cycle.lots[next] as number;
      if (lots > 0 && quantity + lots <= this.maxLots) return next;
    }
    return 0;
  }

  /** The next level that can fill: skips levels of 0 lots and those that would pass maxLots. */
  private pendingLevel(): number {
    const cycle = this.cycle!;
    while (cycle.next <= this.levelCount) {
      const lots = cycle.lots[cycle.next] as number;
      if (lots > 0 && cycle.quantity + lots <= this.maxLots) return cycle.next;
      cycle.next++;
    }
    return 0;
  }

  /**
   * The price falls to `price`: every pending trigger at or above it fires, highest first, a level
   * before the stop at the same price (fine point 15). After a jump they fire at the price itself.
   * True when the stop closed the cycle.
   */
  private fall(price: number, jumped: boolean, timeMs: number, decisions: GridDecision[]): boolean {
    for (;;) {
      const cycle = this.cycle;
      if (!cycle) return false;
      const level = this.pendingLevel();
      const trigger =
        level === 0 ? Number.NEGATIVE_INFINITY : levelTrigger(cycle.start, level, this.levelStep);
      // A stop at or below 0 never fires (fine point 15).
      const stopFires = cycle.stop > 0 && cycle.stop >= price;
      if (level !== 0 && trigger >= price && (!stopFires || trigger >= cycle.stop)) {
        const bid = jumped ? price : trigger;
        const lots = cycle.lots[level] as number;
        const fill = fillAt(bid, this.spread);
        cycle.quantity += lots;
        cycle.cost += lots * fill;
        cycle.next = level + 1;
        cycle.fills.push({ level, lots, price: fill });
        decisions.push({ kind: 'enter', level, lots, bid, fill });
        continue;
      }
      if (stopFires) {
        this.exit('stop', jumped ? price : cycle.stop, timeMs, decisions);
        return true;
      }
      return false;
    }
  }

  private reachesTakeProfit(price: number): boolean {
    const cycle = this.cycle;
    return cycle !== null && reachesTakeProfit(price, cycle.quantity, cycle.cost, this.target);
  }

  /** Closes the cycle at `bid`; `usd` is given where the result is known exactly (a take profit met inside a move). */
  private exit(
    reason: ExitReason,
    bid: number,
    timeMs: number,
    decisions: GridDecision[],
    usd?: number,
  ): void {
    const cycle = this.cycle!;
    usd ??= (cycle.quantity * bid - cycle.cost) * this.usdPerUnit;
    const eur = usd / this.fxRate(timeMs);
    this.realisedEur += eur;
    this.cycle = null;
    this.closedInBar = true;
    decisions.push({ kind: 'exit', reason, bid, quantity: cycle.quantity, cost: cycle.cost, usd, eur });
  }
}
