// Grid runs (engine.md sections 3 and 4). The cycle's state is a handful of integers: levels
// fill strictly from the highest down, so "pending" is one index. Decisions compare integers
// only (fine point 1). Instead of walking every bar, a run settles stretches of bars in which
// nothing can happen (no price reaches the take profit or the next level or stop) from their
// lowest and highest prices (prepared-bars.ts has block summaries).
//
// Within one cycle and one fx rate, equity is an increasing function of the price. So as long as
// equity sets no new high, the only thing a bar can change is the plateau's low, and that is
// decided on integer prices too: the run keeps the lowest price of the stretch and turns it
// into equity once, when the stretch ends. Most bars cost two integer comparisons.
//
// Runs whose lots are proportional make the same decisions (every trigger test is homogeneous in
// the lots), so a group of them is simulated once, with the smallest lots of that shape, and each
// member scales the result. Equity is capital + scale · G, G the group's EUR result at that
// moment, so every member's drawdown follows from the same plateaus of G: between two new highs
// of G only the lowest G matters, whatever the member.
//
// Time under water (the longest time between two new highs of equity, RunResult) is the same for
// every member, as their highs are G's. Stretches and blocks settled in one look may hold new
// highs at bars the run does not see; they are taken whole only when no time between two highs
// inside them can be the longest (its bound is no longer than the longest so far), and then the
// last high inside is the first bar that reaches their highest price. Otherwise they go the exact
// way, bar by bar.
import type { Bars } from '../bars';
import type { FxCurve } from '../fx';
import {
  entryLots,
  highestOpenInRange,
  leavesExactRange,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from './params';
import { gridGeometry } from './grid-rules';
import { prepareBars, type BlockLevel, type MalformedBars, type PreparedBars } from './prepared-bars';
import { gridRequirements, NO_REQUIREMENTS } from './requirement';

export function runGrid(bars: Bars, params: GridParams, instrument: InstrumentSpec, fx: FxCurve): RunResult {
  return runPrepared(prepareBars(bars, instrument, fx), params);
}

export function runPrepared(prepared: PreparedBars, params: GridParams): RunResult {
  return runGroup(prepared, [params])[0] as RunResult;
}

/** Runs a group over all the bars at once. */
export function runGroup(prepared: PreparedBars, members: readonly GridParams[]): RunResult[] {
  const run = startGroup(prepared, members);
  run.advance(prepared.count);
  return run.finish();
}

/**
 * A group's run that goes forward in steps, so that many runs can take turns over the same
 * window of bars while it sits in the processor's cache (sweep.ts).
 */
export interface GroupRun {
  /** Simulates the bars before the given index. */
  advance(end: number): void;
  /** Applies the end of the period (close or openPnl) and reports each member. */
  finish(): RunResult[];
}

/** Smallest integer p with (p − target) · quantity >= cost: the take profit, exactly. */
function takeProfitPrice(target: number, quantity: number, cost: number): number {
  let steps = Math.floor(cost / quantity);
  while (steps * quantity < cost) steps++;
  while ((steps - 1) * quantity >= cost) steps--;
  return target + steps;
}

// Integer bounds (small integers stay unboxed in the JIT's hot loop, unlike ±Infinity).
/** Above every price: an empty stretch has no lowest price. */
const NO_PRICE = 2_147_483_647;
/** Not worked out yet. */
const UNKNOWN = -2;
/** The level index of a single bar (riseInStretch, quiet). */
const SINGLE_BAR = -1;
/** Below every price: no level or stop is left to fire. */
const NEVER_FALLS = -2_147_483_648;

/**
 * For a bar index whose lowest set bit has `z` leading zeros (Math.clz32(bar & -bar); 32 for bar
 * 0), the coarsest block level the bar starts a block of (-1 for none).
 */
function alignedLevels(levels: readonly BlockLevel[]): Int8Array {
  const table = new Int8Array(33);
  for (let zeros = 0; zeros <= 32; zeros++) {
    const trailingZeros = zeros === 32 ? 32 : 31 - zeros;
    table[zeros] = levels.findLastIndex((level) => level.shift <= trailingZeros);
  }
  return table;
}

const greatestCommonDivisor = (a: number, b: number): number =>
  b === 0 ? a : greatestCommonDivisor(b, a % b);

const sumOf = (values: Float64Array) => values.reduce((sum, value) => sum + value, 0);

/**
 * The group's lots reduced to their smallest integer shape, and each member's scale of it. A
 * dynamic run keeps its own lots (they are recomputed from its equity at every cycle).
 */
function sharedLots(
  members: readonly GridParams[],
  levelCount: number,
): { lots: Float64Array; scales: Float64Array } {
  const vectors = members.map((params) => entryLots(params, levelCount, 1));
  const first = vectors[0] as Float64Array;
  const reducible = !members[0]?.dynamic;
  const divisor =
    (reducible &&
      first.reduce(
        (common, quantity) => (quantity > 0 ? greatestCommonDivisor(quantity, common) : common),
        0,
      )) ||
    1;
  const lots = first.map((quantity) => quantity / divisor);
  const pivot = lots.findIndex((quantity) => quantity > 0);
  const scales = Float64Array.from(vectors, (vector) =>
    pivot >= 0 ? (vector[pivot] as number) / (lots[pivot] as number) : 1,
  );
  return { lots, scales };
}

/**
 * Starts a group: members share mediazione, target, worst, safeWorst, multiplier and close, and
 * have proportional lots; a dynamic run is a group of one (its lots follow its own equity).
 */
export function startGroup(prepared: PreparedBars, members: readonly GridParams[]): GroupRun {
  if (members.length === 0) return { advance: () => undefined, finish: () => [] };
  if (prepared.count === 0)
    return {
      advance: () => undefined,
      finish: () => members.map((params) => report(prepared, params, 0, 0, 0, 0, 0, null, 0)),
    };
  return new GroupSimulation(prepared, members);
}

function report(
  prepared: PreparedBars,
  params: GridParams,
  profit: number,
  openPnl: number,
  maxDrawdown: number,
  trades: number,
  stops: number,
  overflowAt: number | null,
  timeUnderWater: number,
): RunResult {
  return {
    profit,
    interest: (profit / params.capital) * 100,
    trades,
    stops,
    ...(prepared.count === 0
      ? NO_REQUIREMENTS
      : gridRequirements(params, prepared.instrument, prepared.highest, prepared.firstRate)),
    maxDrawdown,
    timeUnderWater,
    openPnl,
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
    overflow: overflowAt !== null,
    overflowAt,
  };
}

/**
 * One group's simulation. Its state lives in the fields of one object, not in variables shared by
 * closures: V8 checks a closure's `let` variable for its temporal dead zone on every read and
 * boxes every double written to one, which made up about a third of the hot loop's instructions.
 * The boolean fields are compared with `=== true`: V8 does not track that they hold booleans, so
 * a plain truth test of one costs a dozen instructions where the comparison costs one.
 *
 * The fields the constructor sets are `declare`d: a class field is otherwise defined as undefined
 * before the constructor runs, and V8 then keeps it as a tagged value for good, never as the
 * integer or the double it holds after: a check and an untagging at every read of an integer, a
 * new heap number at every write of a double. Left so, they cost the sweeps about a tenth.
 */
class GroupSimulation implements GroupRun {
  declare private readonly count: number;
  declare private readonly times: Float64Array;
  declare private readonly opens: Int32Array;
  declare private readonly closes: Int32Array;
  declare private readonly pathMin: Int32Array;
  declare private readonly pathMax: Int32Array;
  declare private readonly pathMinToBlockEnd: Int32Array;
  declare private readonly pathMaxToBlockEnd: Int32Array;
  declare private readonly malformed: MalformedBars;
  declare private readonly rateRunStarts: Int32Array;
  declare private readonly runRates: Float64Array;
  declare private readonly blockLevels: readonly BlockLevel[];
  // Block sizes are powers of two: alignment is a mask test, not a division.
  declare private readonly finestMask: number;
  declare private readonly finestShift: number;
  declare private readonly finestMins: Int32Array;
  declare private readonly finestMaxes: Int32Array;
  declare private readonly finestMinToParentEnd: Int32Array;
  declare private readonly finestMaxToParentEnd: Int32Array;
  declare private readonly coarserMask: number;
  declare private readonly coarsestAligned: Int8Array;

  declare private readonly leader: GridParams;
  /**
   * The leader's dynamic, read at every cycle's open: the parameter objects come in many shapes
   * (spread, cloned between threads), so a read of theirs costs V8 a megamorphic lookup.
   */
  declare private readonly dynamic: boolean;
  declare private readonly spread: number;
  declare private readonly step: number;
  declare private readonly target: number;
  declare private readonly stopDistance: number;
  declare private readonly levelCount: number;
  declare private readonly usdPerUnit: number;
  declare private readonly unitsPerUsd: number;
  declare private readonly capitals: Float64Array;
  declare private readonly scales: Float64Array;
  declare private readonly capitalsInG: Float64Array;
  declare private readonly maxDrawdowns: Float64Array;

  /** Lots per entry; a dynamic run recomputes them when its scale changes. */
  declare private lots: Float64Array;
  private lotsScale = 1;
  /** Σ lots, the bound of a cycle's quantity (leavesExactRange). */
  declare private lotsTotal: number;
  /**
   * Per level L, how far the take profit lies above start + spread once levels 0..L have filled at
   * their triggers. The cost is then Q_L · (start + spread) − step · Σ q_i · i, and shifting a cost
   * by Q_L · a shifts its take profit by a: the distance is the same for every cycle. Worked out
   * the first time a cycle fills that level (again after a dynamic run's lots change), it spares a
   * division at every fill and every open; a fill at a gap's open, under its trigger, leaves the
   * table for the rest of that cycle.
   */
  declare private readonly takeProfitOffsets: Float64Array;
  /** 1 / Q_L, which priceSafelyBelow's estimate multiplies by. */
  declare private readonly inverseQuantities: Float64Array;
  /** Levels whose sums are worked out: 0..levelSumsKnown − 1. */
  private levelSumsKnown = 0;
  /** A new cycle's first level with lots, and its take profit's distance above the open. */
  private entryNextLevel = 1;
  private entryTakeProfitDistance = 0;
  /**
   * Members that left the exact range stopped there: their figures at that moment. The others
   * go on; the largest scale among them bounds their lots (its members' lots are integer
   * multiples of the shared ones).
   */
  declare private readonly stoppedResults: (RunResult | undefined)[];
  declare private running: number;
  declare private largestScale: number;
  /** The highest open at which a cycle of the largest running member stays in range. */
  private openLimit = 0;

  // The money side. realised is G without the open cycle; high is G's running high (at least 0:
  // the peak starts at the capital) and lowSinceHigh its low since that high; rate is the fx of
  // the bar at hand and stretchRate that of the stretch (below).
  private realised = 0;
  private high = 0;
  private lowSinceHigh = Infinity;
  private rate = 1;
  /** 1 / rate: equity samples multiply by it (a division would sit in every event's path). */
  private inverseRate = 1;
  private stretchRate = 0;
  private trades = 0;
  private stops = 0;
  /**
   * Time under water (ms): the longest time so far between two new highs of G, the time of the
   * latest (the first bar's at the start: the capital is the first peak), and whether any cycle
   * opened (equity that never moved was never under water). eventBar is the bar whose events are
   * at hand (sample), an integer: its time is read only at a new high.
   */
  declare private underwater: number;
  declare private highTime: number;
  private eventBar = 0;
  private everOpened = false;
  /** The time of the stretch's latest high (stretchPeak). */
  declare private stretchPeakTime: number;
  /** Where highTimeIn puts the time of a block's last new high. */
  declare private foundHighTime: number;
  /**
   * How far G may fall below its high without deepening any member's drawdown: member m's
   * grows only when G falls more than maxDrawdown_m / 100 · (C_m / s_m + H) below a high H. That
   * only grows with H, so the depth worked out at one high holds at every later one, until a
   * maximum changes. Most plateaus are far shallower: they cost one comparison, not a loop.
   */
  private harmlessDepth = 0;

  // The open cycle: its start, stop, next pending level, quantity Q and cost Σ q·fill, and the
  // two prices that bound "nothing happens": the take profit and the highest falling trigger.
  private inCycle = false;
  private start = 0;
  private stop = 0;
  private nextLevel = 1;
  private quantity = 0;
  private cost = 0;
  /** The deepest level the cycle has filled (0: only its entry), and whether every fill was at its trigger. */
  private filledLevel = 0;
  private filledAtTriggers = true;
  private takeProfit = 0;
  private fallLimit = 0;
  /** No cycle will open again: entry 0 rounds to no lots, or every member left the exact range. */
  private gone = false;

  // The stretch: bars of the open cycle at one fx rate in which nothing fires. quietCeiling is
  // the lower of the take profit and the first price of a new high. New highs stay inside the
  // stretch while every dip around them is too shallow to deepen any member's drawdown
  // (safeDip): stretchPeak is then the price of the latest high, and stretchLow the lowest price
  // since it (or a lower bound of it, which such shallow dips make harmless).
  private stretchOpen = false;
  private stretchEnd = 0;
  /**
   * The run of one rate that holds the bar at hand (bars only go forward), where it ends and its
   * rate: most bars asked about are in it, and cost one integer comparison.
   */
  private rateRun = 0;
  declare private rateRunEnd: number;
  declare private runRate: number;
  private quietCeiling = 0;
  private stretchLow = NO_PRICE;
  private stretchPeak = NO_PRICE;
  private safeDip = UNKNOWN;

  /** The next bar to simulate. */
  private bar = 0;
  /** The first malformed bar not passed yet (count when none is left), and its index. */
  declare private nextMalformed: number;
  private malformedIndex = 0;

  constructor(
    private readonly prepared: PreparedBars,
    private readonly members: readonly GridParams[],
  ) {
    const leader = members[0] as GridParams;
    const { instrument, levels } = prepared;
    this.count = prepared.count;
    this.times = prepared.times;
    this.highTime = prepared.times[0] as number;
    this.stretchPeakTime = this.highTime;
    this.foundHighTime = this.highTime;
    this.underwater = 0;
    this.opens = prepared.open;
    this.closes = prepared.close;
    this.pathMin = prepared.pathMin;
    this.pathMax = prepared.pathMax;
    this.pathMinToBlockEnd = prepared.pathMinToBlockEnd;
    this.pathMaxToBlockEnd = prepared.pathMaxToBlockEnd;
    this.malformed = prepared.malformed;
    this.nextMalformed = this.malformed.bars[0] ?? prepared.count;
    this.rateRunStarts = prepared.rateRunStarts;
    this.runRates = prepared.runRates;
    this.moveToRateRun(0);
    this.blockLevels = levels;
    this.finestMask = (levels[0]?.size ?? 2 ** 31) - 1;
    this.finestShift = levels[0]?.shift ?? 31;
    this.finestMins = levels[0]?.minPrice ?? new Int32Array(0);
    this.finestMaxes = levels[0]?.maxPrice ?? new Int32Array(0);
    this.finestMinToParentEnd = prepared.finestMinToParentEnd;
    this.finestMaxToParentEnd = prepared.finestMaxToParentEnd;
    this.coarserMask = (levels[1]?.size ?? 2 ** 31) - 1;
    this.coarsestAligned = alignedLevels(levels);

    this.leader = leader;
    this.dynamic = leader.dynamic;
    // The grid from its one home; the rules per event are inlined below (grid-rules.ts says why).
    const grid = gridGeometry(leader, instrument);
    this.spread = grid.spread;
    this.step = grid.levelStep;
    this.target = grid.target;
    this.stopDistance = grid.stopDistance;
    this.levelCount = grid.levelCount;
    this.usdPerUnit = usdPerLotHundredthMilliPoint(instrument);
    this.unitsPerUsd = 1 / this.usdPerUnit;
    const shared = sharedLots(members, this.levelCount);
    this.lots = shared.lots;
    this.lotsTotal = sumOf(shared.lots);
    this.takeProfitOffsets = new Float64Array(this.levelCount + 1);
    this.inverseQuantities = new Float64Array(this.levelCount + 1);
    this.scales = shared.scales;
    this.stoppedResults = new Array<RunResult | undefined>(members.length);
    this.running = members.length;
    this.largestScale = Math.max(...shared.scales);
    this.measureOpenLimit();
    this.capitals = Float64Array.from(members, (params) => params.capital);
    this.capitalsInG = this.capitals.map((capital, member) => capital / (this.scales[member] as number));
    this.maxDrawdowns = new Float64Array(members.length);
  }

  /** A member's drawdown, in percent, from equity at the high G to equity at low G. */
  private drawdownOf(member: number, fromG: number, toG: number): number {
    const capital = this.capitals[member] as number;
    const scale = this.scales[member] as number;
    const peak = capital + scale * fromG;
    return ((peak - (capital + scale * toG)) / peak) * 100;
  }

  private measureHarmlessDepth(): void {
    let least = Infinity;
    for (let member = 0; member < this.members.length; member++) {
      const peakInG = (this.capitalsInG[member] as number) + this.high;
      // A peak of equity at or below zero: no depth is known to be harmless.
      if (!(peakInG > 0)) least = 0;
      least = Math.min(least, ((this.maxDrawdowns[member] as number) / 100) * peakInG);
    }
    // A margin far beyond the rounding of the drawdowns compared with it.
    this.harmlessDepth = least * (1 - 1e-9);
  }

  /** A new high of G ends a plateau: its lowest point is each member's deepest drawdown in it. */
  private closePlateau(): void {
    const depth = this.high - this.lowSinceHigh;
    if (!(depth > this.harmlessDepth)) return;
    for (let member = 0; member < this.members.length; member++) {
      const drawdown = this.drawdownOf(member, this.high, this.lowSinceHigh);
      if (drawdown > (this.maxDrawdowns[member] as number)) this.maxDrawdowns[member] = drawdown;
    }
    this.measureHarmlessDepth();
  }

  private sample(price: number): void {
    const result =
      this.realised +
      (this.inCycle === true ? (this.quantity * price - this.cost) * this.usdPerUnit * this.inverseRate : 0);
    if (result > this.high) {
      this.closePlateau();
      const time = this.times[this.eventBar] as number;
      this.highAt(time, this.highTime);
      this.highTime = time;
      this.high = result;
      this.lowSinceHigh = result;
    } else if (result < this.lowSinceHigh) this.lowSinceHigh = result;
  }

  private equityAt(price: number): number {
    return this.realised + (this.quantity * price - this.cost) * this.usdPerUnit * this.inverseRate;
  }

  private setRate(rate: number): void {
    if (rate === this.rate) return;
    this.rate = rate;
    this.inverseRate = 1 / rate;
  }

  /**
   * A price below which equity (at the current rate) stays at or under the given G: where the two
   * meet, less two ticks, far more than the rounding of this estimate. Prices in that margin are
   * checked exactly, one by one (riseInStretch).
   */
  private priceSafelyBelow(level: number): number {
    return (
      Math.ceil(
        (this.cost + (level - this.realised) * this.rate * this.unitsPerUsd) *
          (this.inverseQuantities[this.filledLevel] as number),
      ) - 2
    );
  }

  /** The fx rate of the bar. */
  private rateAt(bar: number): number {
    if (bar >= this.rateRunEnd) this.moveToRateRun(bar);
    return this.runRate;
  }

  /** Moves on to the run of one rate that holds the bar. */
  private moveToRateRun(bar: number): void {
    while ((this.rateRunStarts[this.rateRun + 1] as number) <= bar) this.rateRun++;
    this.rateRunEnd = this.rateRunStarts[this.rateRun + 1] as number;
    this.runRate = this.runRates[this.rateRun] as number;
  }

  private openStretch(bar: number): void {
    this.stretchRate = this.rateAt(bar);
    this.setRate(this.stretchRate);
    this.stretchEnd = this.rateRunEnd;
    this.quietCeiling = Math.min(this.takeProfit, this.priceSafelyBelow(this.high));
    this.stretchLow = NO_PRICE;
    this.stretchPeak = NO_PRICE;
    this.safeDip = UNKNOWN;
    this.stretchOpen = true;
  }

  /** Hands the stretch's high and low to the plateau; needed before anything else changes. */
  private closeStretch(): void {
    if (this.stretchOpen !== true) return;
    this.stretchOpen = false;
    this.setRate(this.stretchRate);
    if (this.stretchPeak !== NO_PRICE) {
      this.high = this.equityAt(this.stretchPeak);
      this.highTime = this.stretchPeakTime;
      this.lowSinceHigh = this.equityAt(this.stretchLow);
      return;
    }
    if (this.stretchLow === NO_PRICE) return;
    const lowest = this.equityAt(this.stretchLow);
    if (lowest < this.lowSinceHigh) this.lowSinceHigh = lowest;
  }

  /**
   * A price the bar's path passes through: inside the open stretch and under its ceiling it can
   * only lower the stretch's low (two integer comparisons); anything else is sampled exactly.
   */
  private touch(price: number): void {
    if (this.stretchOpen === true) {
      if (price < this.quietCeiling) {
        if (price < this.stretchLow) this.stretchLow = price;
        return;
      }
      this.closeStretch();
    }
    this.sample(price);
  }

  /**
   * The deepest price dip that cannot raise any member's maximum drawdown from a peak at or above
   * the current high, in this stretch; -1 when there is none (no drawdown yet, or a peak of equity
   * at or below zero). Drawdown s·ΔG / (C + s·H) only shrinks as the peak H grows.
   */
  private shallowDip(): number {
    this.measureHarmlessDepth();
    if (!(this.harmlessDepth > 0)) return -1;
    const eurPerPrice = (this.quantity * this.usdPerUnit) / this.stretchRate;
    return Math.floor(this.harmlessDepth / eurPerPrice) - 1;
  }

  /**
   * Takes a bar or block with prices in [minPrice, maxPrice] that reaches the ceiling but fires
   * nothing into the stretch: at once when it sets no new high after all, and otherwise when no
   * dip around the high can deepen a drawdown: the plateau it closes, the dip inside it in
   * whatever order, and the one it opens (whose low is taken as minPrice, at most a shallow dip
   * below the truth). False leaves it to the exact way.
   */
  private riseInStretch(minPrice: number, maxPrice: number, bar: number, levelIndex: number): boolean {
    if (this.stretchPeak === NO_PRICE ? this.equityAt(maxPrice) <= this.high : maxPrice <= this.stretchPeak) {
      // Under the ceiling's margin, but no new high after all.
      if (minPrice < this.stretchLow) this.stretchLow = minPrice;
      return true;
    }
    if (this.safeDip === UNKNOWN) {
      // The plateau the stretch started in must close harmlessly, once, the first time.
      const startLow = Math.min(
        this.lowSinceHigh,
        this.stretchLow === NO_PRICE ? Infinity : this.equityAt(this.stretchLow),
      );
      this.safeDip = this.harmless(this.high, Math.min(startLow, this.high)) ? this.shallowDip() : -1;
    }
    if (this.safeDip < 0 || maxPrice - minPrice > this.safeDip) return false;
    if (
      this.stretchPeak !== NO_PRICE &&
      this.stretchPeak - Math.min(this.stretchLow, minPrice) > this.safeDip
    )
      return false;
    const since = this.stretchPeak === NO_PRICE ? this.highTime : this.stretchPeakTime;
    if (!this.highTimeIn(levelIndex, bar, maxPrice, since)) return false;
    this.stretchPeakTime = this.foundHighTime;
    this.stretchPeak = maxPrice;
    this.stretchLow = minPrice;
    this.quietCeiling = Math.min(this.takeProfit, maxPrice + 1);
    return true;
  }

  /** Whether no member's maximum drawdown can grow from a plateau at fromG down to toG. */
  private harmless(fromG: number, toG: number, openingHigh?: number): boolean {
    // fromG is the high (or above it), and openingHigh above fromG: deeper than harmlessDepth
    // needs the exact test.
    if ((openingHigh ?? fromG) - toG <= this.harmlessDepth) return true;
    for (let member = 0; member < this.members.length; member++) {
      const limit = this.maxDrawdowns[member] as number;
      if (this.drawdownOf(member, fromG, toG) > limit) return false;
      if (openingHigh !== undefined) {
        // Plateaus opening inside the stretch peak between fromG and openingHigh; a negative
        // equity weighs most against the smallest of those peaks, a positive one the largest.
        const lowest = (this.capitals[member] as number) + (this.scales[member] as number) * toG;
        if (this.drawdownOf(member, lowest >= 0 ? openingHigh : fromG, toG) > limit) return false;
      }
    }
    return true;
  }

  /**
   * Settles a stretch whose prices stay within [minPrice, maxPrice] (above every falling trigger,
   * below the take profit) without walking it, when its equity samples change nothing that is
   * reported: false sends the caller to finer steps. With one fx rate G is exact at the extremes;
   * with several only bounds are known.
   */
  private quiet(
    minPrice: number,
    maxPrice: number,
    minRate: number,
    maxRate: number,
    bar: number,
    levelIndex: number,
  ): boolean {
    const floatingHigh = (this.quantity * maxPrice - this.cost) * this.usdPerUnit;
    const floatingLow = (this.quantity * minPrice - this.cost) * this.usdPerUnit;
    if (minRate === maxRate) {
      // As sample and equityAt work G out (times 1 / rate): equity at one price is one number,
      // whichever way it was reached, so a return to a high's price is no new high.
      const inverseRate = 1 / minRate;
      const highest = this.realised + floatingHigh * inverseRate;
      const lowest = this.realised + floatingLow * inverseRate;
      if (highest <= this.high) {
        if (lowest < this.lowSinceHigh) this.lowSinceHigh = lowest;
        return true;
      }
      // A new high inside: the plateau it closes and those it opens are known only within bounds.
      if (!this.harmless(this.high, Math.min(this.lowSinceHigh, lowest), highest)) return false;
      if (!this.highTimeIn(levelIndex, bar, maxPrice, this.highTime)) return false;
      this.highTime = this.foundHighTime;
      this.high = highest;
      this.lowSinceHigh = highest;
      return true;
    }
    const highest = this.realised + (floatingHigh >= 0 ? floatingHigh / minRate : floatingHigh / maxRate);
    if (highest > this.high) return false;
    const lowest = this.realised + (floatingLow >= 0 ? floatingLow / maxRate : floatingLow / minRate);
    // The plateau's low stays unknown; it is harmless if even the bound cannot deepen a drawdown.
    return lowest >= this.lowSinceHigh || this.harmless(this.high, lowest);
  }

  /** The next level whose lots are not zero, or levelCount + 1. */
  private skipEmptyLevels(): void {
    while (this.nextLevel <= this.levelCount && (this.lots[this.nextLevel] as number) === 0) this.nextLevel++;
  }

  /** Works out the sums of the levels up to the filled one (takeProfitOffsets). */
  private extendLevelSums(): void {
    let quantity = 0;
    let weight = 0;
    for (let level = 0; level <= this.filledLevel; level++) {
      const lots = this.lots[level] as number;
      quantity += lots;
      weight += lots * level;
      if (level < this.levelSumsKnown) continue;
      this.takeProfitOffsets[level] = takeProfitPrice(this.target, quantity, -this.step * weight);
      this.inverseQuantities[level] = 1 / quantity;
    }
    this.levelSumsKnown = this.filledLevel + 1;
  }

  /**
   * While only the entry is filled, the take profit and the first trigger lie at the same distances
   * from the open in every cycle: worked out once (again when a dynamic run's lots change), they
   * spare each cycle's open the search for the first level with lots and the table's checks.
   */
  private measureEntryDistances(): void {
    this.extendLevelSums();
    this.nextLevel = 1;
    this.skipEmptyLevels();
    this.entryNextLevel = this.nextLevel;
    this.entryTakeProfitDistance = this.spread + (this.takeProfitOffsets[0] as number);
  }

  private refreshLimits(): void {
    if (this.filledLevel >= this.levelSumsKnown) this.extendLevelSums();
    this.setLimits(
      this.filledAtTriggers === true
        ? this.start + this.spread + (this.takeProfitOffsets[this.filledLevel] as number)
        : takeProfitPrice(this.target, this.quantity, this.cost),
      this.nextTrigger(),
    );
  }

  /** The price that fills the next pending level (NEVER_FALLS when none is left). */
  private nextTrigger(): number {
    return this.nextLevel <= this.levelCount ? this.start - this.nextLevel * this.step : NEVER_FALLS;
  }

  /** The cycle's bounds of "nothing happens": its take profit, and the higher of trigger and stop. */
  private setLimits(takeProfit: number, trigger: number): void {
    // A 32-bit integer, which V8 keeps in the field as it is (a double would sit in a box read at
    // every comparison); one at or above NO_PRICE is above every price all the same.
    this.takeProfit = takeProfit < NO_PRICE ? takeProfit | 0 : NO_PRICE;
    this.fallLimit = Math.max(trigger, this.stop > 0 ? this.stop : NEVER_FALLS);
  }

  private closeAt(exit: number, byStop: boolean): void {
    this.closeStretch();
    this.sample(exit);
    this.realised += ((this.quantity * exit - this.cost) * this.usdPerUnit) / this.rate;
    this.trades++;
    if (byStop) this.stops++;
    this.inCycle = false;
  }

  /**
   * A falling path down to price (at or below fallLimit) in the bar: levels then the stop, highest
   * first; true when the stop closed the cycle. A cycle that goes on starts a stretch at once, so
   * that the rest of the bar's path costs integer comparisons too.
   */
  private fall(price: number, atOpen: boolean, bar: number): boolean {
    this.closeStretch();
    for (;;) {
      const trigger = this.nextTrigger();
      const stopFires = this.stop > 0 && this.stop >= price;
      if (trigger >= price && (!stopFires || trigger >= this.stop)) {
        const quantityHere = this.lots[this.nextLevel] as number;
        this.quantity += quantityHere;
        this.cost += quantityHere * ((atOpen ? price : trigger) + this.spread);
        this.filledLevel = this.nextLevel;
        if (atOpen && price !== trigger) this.filledAtTriggers = false;
        this.nextLevel++;
        this.skipEmptyLevels();
        continue;
      }
      if (stopFires) {
        this.closeAt(atOpen ? price : this.stop, true);
        return true;
      }
      this.refreshLimits();
      this.openStretch(bar);
      return false;
    }
  }

  /**
   * Jumps over the largest aligned block in which nothing fires, inside the stretch when it can;
   * answers the bar to go on from (the same bar when no block qualifies).
   */
  private jump(bar: number, end: number): number {
    // The coarsest level the bar is aligned to, from its trailing zero bits.
    const aligned = this.coarsestAligned[Math.clz32(bar & -bar)] as number;
    for (let levelIndex = aligned; levelIndex >= 0; levelIndex--) {
      const level = this.blockLevels[levelIndex] as BlockLevel;
      const size = level.size;
      if (bar + size > end) continue;
      const block = bar >>> level.shift;
      const maxPrice = level.maxPrice[block] as number;
      const minPrice = level.minPrice[block] as number;
      if (maxPrice >= this.takeProfit || minPrice <= this.fallLimit) continue;
      if (bar + size <= this.stretchEnd) {
        if (maxPrice < this.quietCeiling) {
          if (minPrice < this.stretchLow) this.stretchLow = minPrice;
          return bar + size;
        }
        if (this.riseInStretch(minPrice, maxPrice, bar, levelIndex)) return bar + size;
      }
      this.closeStretch();
      if (
        this.quiet(
          minPrice,
          maxPrice,
          level.minRate[block] as number,
          level.maxRate[block] as number,
          bar,
          levelIndex,
        )
      )
        return bar + size;
      this.openStretch(bar);
    }
    return bar;
  }

  /**
   * Settles the bars from `from` on that change nothing but the plateau's low: whole blocks where
   * they align, single bars in between. Answers the first bar that may change more (or end).
   */
  private settle(from: number, end: number): number {
    const { finestMask, finestShift, finestMins, finestMaxes, coarserMask, pathMin, pathMax } = this;
    let bar = from;
    while (bar < end) {
      if (this.stretchOpen !== true || bar >= this.stretchEnd) {
        this.closeStretch();
        this.openStretch(bar);
      }
      if ((bar & finestMask) === 0) {
        // Most often: finest blocks that start no larger one, quiet under the ceiling, one after
        // the other, with the bounds in locals.
        const reach = end < this.stretchEnd ? end : this.stretchEnd;
        const blocksEnd = reach - finestMask;
        const floor = this.fallLimit;
        const ceiling = this.quietCeiling;
        let lowest = this.stretchLow;
        // The rest of the larger block at one look, when it is quiet.
        const parentEnd = (bar | coarserMask) + 1;
        if ((bar & coarserMask) !== 0 && parentEnd <= reach) {
          const block = bar >>> finestShift;
          const minPrice = this.finestMinToParentEnd[block] as number;
          if (minPrice > floor && (this.finestMaxToParentEnd[block] as number) < ceiling) {
            if (minPrice < lowest) lowest = minPrice;
            bar = parentEnd;
          }
        }
        while ((bar & coarserMask) !== 0 && bar < blocksEnd) {
          const block = bar >>> finestShift;
          const minPrice = finestMins[block] as number;
          if (minPrice <= floor || (finestMaxes[block] as number) >= ceiling) break;
          if (minPrice < lowest) lowest = minPrice;
          bar += finestMask + 1;
        }
        this.stretchLow = lowest;
        if (bar >= end || bar >= this.stretchEnd) continue;
        // A finest block with a trigger in it cannot be jumped, nor any larger block around it.
        const block = bar >>> finestShift;
        if (
          (finestMaxes[block] as number) < this.takeProfit &&
          (finestMins[block] as number) > this.fallLimit
        ) {
          const next = this.jump(bar, end);
          if (next !== bar) {
            bar = next;
            continue;
          }
        }
      }
      // Up to the next block boundary, with the bounds in locals: the hottest loop of a sweep.
      // (Integer comparisons: Math.min compares doubles when it cannot tell the arguments are ints.)
      let limit = (bar | finestMask) + 1;
      const floor = this.fallLimit;
      const ceiling = this.quietCeiling;
      let lowest = this.stretchLow;
      if (limit <= end && limit <= this.stretchEnd) {
        // The rest of the block at one look, when it is quiet: most often after an event in it.
        const minPrice = this.pathMinToBlockEnd[bar] as number;
        if (minPrice > floor && (this.pathMaxToBlockEnd[bar] as number) < ceiling) {
          if (minPrice < lowest) this.stretchLow = minPrice;
          bar = limit;
          continue;
        }
        // Some bar of the rest crosses a bound: up to it, with no need to watch the block's end.
        for (;;) {
          const minPrice = pathMin[bar] as number;
          if (minPrice <= floor || (pathMax[bar] as number) >= ceiling) break;
          if (minPrice < lowest) lowest = minPrice;
          bar++;
        }
      } else {
        if (end < limit) limit = end;
        if (this.stretchEnd < limit) limit = this.stretchEnd;
        while (bar < limit) {
          const minPrice = pathMin[bar] as number;
          if (minPrice <= floor || (pathMax[bar] as number) >= ceiling) break;
          if (minPrice < lowest) lowest = minPrice;
          bar++;
        }
      }
      this.stretchLow = lowest;
      if (bar < limit) {
        const minPrice = pathMin[bar] as number;
        const maxPrice = pathMax[bar] as number;
        if (
          minPrice > floor &&
          maxPrice < this.takeProfit &&
          this.riseInStretch(minPrice, maxPrice, bar, SINGLE_BAR)
        ) {
          bar++;
          continue;
        }
        return bar;
      }
    }
    return bar;
  }

  /**
   * Opens a cycle at the bar's open: false when none will open again (entry 0 rounds to no lots,
   * or every member left the exact range). A dynamic run's f floors at 0 (engine.md section 3):
   * once its equity is gone its entry rounds to no lots, and it opens no more cycles.
   */
  private openCycle(open: number, bar: number): boolean {
    if (this.dynamic === true) {
      const leader = this.leader;
      const scale = Math.max(0, (leader.capital + this.realised) / leader.capital);
      if (scale !== this.lotsScale) {
        this.lots = entryLots(leader, this.levelCount, scale);
        this.lotsTotal = sumOf(this.lots);
        this.lotsScale = scale;
        this.levelSumsKnown = 0;
        this.measureOpenLimit();
      }
    }
    const first = this.lots[0] as number;
    if (first === 0) return false;
    if (open > this.openLimit) {
      this.stopMembersLeavingRange(open, bar);
      if (this.running === 0) return false;
    }
    this.inCycle = true;
    this.everOpened = true;
    this.start = open;
    this.stop = open - this.stopDistance;
    this.quantity = first;
    this.cost = first * (open + this.spread);
    this.filledLevel = 0;
    this.filledAtTriggers = true;
    // No level sums yet: the first cycle, or the first since a dynamic run's lots changed.
    if (this.levelSumsKnown === 0) this.measureEntryDistances();
    this.nextLevel = this.entryNextLevel;
    this.setLimits(open + this.entryTakeProfitDistance, this.nextTrigger());
    return true;
  }

  /**
   * The members whose next cycle, opening at `open`, could leave the exact range stop before it
   * with what they have: no cycle is open, so nothing floats and nothing is left to close. The
   * loops over members that still count the stopped ones (drawdown bounds) only get more
   * cautious, never wrong.
   */
  private stopMembersLeavingRange(open: number, bar: number): void {
    const time = this.prepared.times[bar] as number;
    this.largestScale = 0;
    for (let member = 0; member < this.members.length; member++) {
      if (this.stoppedResults[member] !== undefined) continue;
      const scale = this.scales[member] as number;
      if (!leavesExactRange(this.lotsTotal * scale, open, this.spread, this.target)) {
        this.largestScale = Math.max(this.largestScale, scale);
        continue;
      }
      // The plateau at hand is not closed yet: its low may still deepen this member's drawdown.
      const drawdown = Math.max(
        this.maxDrawdowns[member] as number,
        this.drawdownOf(member, this.high, this.lowSinceHigh),
      );
      this.stoppedResults[member] = report(
        this.prepared,
        this.members[member] as GridParams,
        scale * this.realised,
        0,
        drawdown,
        this.trades,
        this.stops,
        time,
        this.underwaterUntil(time),
      );
      this.running--;
    }
    this.measureOpenLimit();
  }

  /** A new high at `time` ends the time under water since `since`. */
  private highAt(time: number, since: number): void {
    if (time - since > this.underwater) this.underwater = time - since;
  }

  /**
   * A bar, or an aligned block of the level (SINGLE_BAR: the bar alone), whose highest price
   * `maxPrice` sets new highs, the latest before it at `since`: false when the block has to be
   * walked, as a time between two of those highs may be the longest under water. Otherwise
   * foundHighTime is the time of its last new high.
   */
  private highTimeIn(levelIndex: number, bar: number, maxPrice: number, since: number): boolean {
    if (levelIndex === SINGLE_BAR) {
      const time = this.times[bar] as number;
      this.highAt(time, since);
      this.foundHighTime = time;
      return true;
    }
    // Every time between highs inside lies within [since, the block's last bar].
    const lastBar = bar + (this.blockLevels[levelIndex] as BlockLevel).size - 1;
    if ((this.times[lastBar] as number) - since > this.underwater) return false;
    this.foundHighTime = this.times[this.firstBarReaching(levelIndex, bar, maxPrice)] as number;
    return true;
  }

  /**
   * The first bar of the aligned block (of the level, from `bar`) whose path reaches `price`, its
   * highest: down the levels, the first block that does, then its bars. A method of its own, out
   * of highTimeIn, which the loops call often: this runs only for a block that sets a new high.
   */
  private firstBarReaching(levelIndex: number, bar: number, price: number): number {
    let first = bar;
    for (let index = levelIndex - 1; index >= 0; index--) {
      const finer = this.blockLevels[index] as BlockLevel;
      while ((finer.maxPrice[first >>> finer.shift] as number) < price) first += finer.size;
    }
    while ((this.pathMax[first] as number) < price) first++;
    return first;
  }

  /** The time under water of a run that ends at `end` (ms), with what it has seen so far. */
  private underwaterUntil(end: number): number {
    return this.everOpened ? Math.max(this.underwater, end - this.highTime) : 0;
  }

  private measureOpenLimit(): void {
    this.openLimit = highestOpenInRange(this.lotsTotal * this.largestScale, this.spread, this.target);
  }

  /** Simulates the bars before the given index. */
  advance(end: number): void {
    const { pathMin, pathMax, opens, closes } = this;
    let bar = this.bar;
    while (bar < end) {
      if (this.inCycle === true) {
        bar = this.settle(bar, end);
        if (bar >= end) break;
        const minPrice = pathMin[bar] as number;
        const maxPrice = pathMax[bar] as number;
        // A new high without any trigger: settled in equity terms when no drawdown can grow.
        if (minPrice > this.fallLimit && maxPrice < this.takeProfit) {
          this.closeStretch();
          if (this.quiet(minPrice, maxPrice, this.rate, this.rate, bar, SINGLE_BAR)) {
            bar++;
            continue;
          }
        }
        // Otherwise the stretch stays open into the bar's path, up to what fires (touch).
      }
      this.setRate(this.rateAt(bar));
      this.eventBar = bar;
      const open = opens[bar] as number;

      // Whether this bar opens a cycle.
      let opened = false;
      if (this.inCycle === true) {
        if (open <= this.fallLimit && this.fall(open, true, bar)) {
          bar++;
          continue;
        }
        if (open >= this.takeProfit) {
          this.closeAt(open, false);
          bar++;
          continue;
        }
      } else if (this.gone === true) {
        bar = this.count; // no cycle will open again: equity stays as it is
        break;
      } else if (this.openCycle(open, bar)) {
        opened = true;
      } else {
        this.gone = true;
      }
      // The bar in which a cycle opens starts a stretch: its open costs only the spread, no new
      // high, and the rest of the bar most often changes nothing but the plateau's low.
      if (opened) this.openStretch(bar);
      this.touch(open);
      if (this.inCycle !== true) {
        bar++;
        continue;
      }
      if (opened) {
        const minPrice = pathMin[bar] as number;
        if (minPrice > this.fallLimit && (pathMax[bar] as number) < this.quietCeiling) {
          if (minPrice < this.stretchLow) this.stretchLow = minPrice;
          bar++;
          continue;
        }
      }
      this.walkSegments(bar, open, closes[bar] as number);
      bar++;
    }
    this.bar = bar;
  }

  /** The bar's three straight segments after its open: open → first → second → close. */
  private walkSegments(bar: number, open: number, close: number): void {
    let barHigh = this.pathMax[bar] as number;
    let barLow = this.pathMin[bar] as number;
    if (bar >= this.nextMalformed) {
      const { bars, high, low } = this.malformed;
      while ((bars[this.malformedIndex] as number) < bar) this.malformedIndex++;
      if (bars[this.malformedIndex] === bar) {
        barHigh = high[this.malformedIndex] as number;
        barLow = low[this.malformedIndex] as number;
      }
      this.nextMalformed = bars[this.malformedIndex] ?? this.count;
    }
    const first = close >= open ? barLow : barHigh;
    const second = close >= open ? barHigh : barLow;
    let from = open;
    for (let segment = 0; segment < 3; segment++) {
      const to = segment === 0 ? first : segment === 1 ? second : close;
      if (to < from) {
        if (to <= this.fallLimit && this.fall(to, false, bar)) return;
      } else if (to > from && to >= this.takeProfit) {
        // Inside a segment the take profit is met exactly: the exit realises Q · tg (fine point 7).
        this.closeStretch();
        this.realised += (this.quantity * this.target * this.usdPerUnit) / this.rate;
        this.trades++;
        this.inCycle = false;
        this.sample(to);
        return;
      }
      this.touch(to);
      from = to;
    }
  }

  /** Applies the end of the period (close or openPnl) and reports each member. */
  finish(): RunResult[] {
    this.closeStretch();
    let openPnl = 0;
    const last = this.count - 1;
    this.eventBar = last;
    if (this.inCycle === true) {
      this.setRate(this.rateAt(last));
      const lastClose = this.closes[last] as number;
      const usd = (this.quantity * lastClose - this.cost) * this.usdPerUnit;
      if (this.leader.close) {
        this.sample(lastClose);
        this.realised += usd / this.rate;
        this.trades++;
        this.inCycle = false;
      } else {
        openPnl = usd / this.rate;
      }
    }
    this.closePlateau();
    const underwater = this.underwaterUntil(this.times[last] as number);
    return this.members.map((params, member) => {
      const stopped = this.stoppedResults[member];
      if (stopped !== undefined) return stopped;
      const scale = this.scales[member] as number;
      return report(
        this.prepared,
        params,
        scale * this.realised,
        scale * openPnl,
        this.maxDrawdowns[member] as number,
        this.trades,
        this.stops,
        null,
        underwater,
      );
    });
  }
}
