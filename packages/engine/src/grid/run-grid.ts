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
// member scales the  Equity is capital + scale · G, G the group's EUR result at that moment,
// so every member's drawdown follows from the same plateaus of G: between two new highs of G only
// the lowest G matters, whatever the member.
import type { Bars } from '../bars';
import type { FxCurve } from '../fx';
import {
  entryLots,
  toMilliPoints,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from './params';
import { prepareBars, type BlockLevel, type PreparedBars } from './prepared-bars';
import { gridRequirement } from './requirement';

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
  const leader = members[0];
  if (!leader) return { advance: () => undefined, finish: () => [] };
  const {
    count,
    instrument,
    open: opens,
    high: highs,
    low: lows,
    close: closes,
    pathMin,
    pathMax,
    rate: rates,
    rateRunStarts,
    levels: blockLevels,
  } = prepared;
  const report = (
    profit: number,
    openPnl: number,
    maxDrawdown: number,
    trades: number,
    stops: number,
    params: GridParams,
  ): RunResult => ({
    profit,
    interest: (profit / params.capital) * 100,
    trades,
    stops,
    requirement: count === 0 ? 0 : gridRequirement(params, instrument, prepared.highest, prepared.firstRate),
    maxDrawdown,
    openPnl,
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
  });
  if (count === 0)
    return { advance: () => undefined, finish: () => members.map((params) => report(0, 0, 0, 0, 0, params)) };

  const spread = toMilliPoints(instrument.spreadPoints);
  const step = toMilliPoints(leader.mediazione);
  const target = toMilliPoints(leader.target);
  const stopDistance = toMilliPoints(leader.safeWorst);
  const levelCount = Math.floor(toMilliPoints(leader.worst) / step);
  const usdPerUnit = usdPerLotHundredthMilliPoint(instrument);
  const unitsPerUsd = 1 / usdPerUnit;
  // Block sizes are powers of two: alignment is a mask test, not a division.
  const finestMask = (blockLevels[0]?.size ?? 2 ** 31) - 1;
  const finestShift = blockLevels[0]?.shift ?? 31;
  const finestMins = blockLevels[0]?.minPrice ?? new Int32Array(0);
  const finestMaxes = blockLevels[0]?.maxPrice ?? new Int32Array(0);
  const coarserMask = (blockLevels[1]?.size ?? 2 ** 31) - 1;
  const coarsestAligned = alignedLevels(blockLevels);
  const dynamic = leader.dynamic;
  const capitals = Float64Array.from(members, (params) => params.capital);
  const shared = sharedLots(members, levelCount);
  const scales = shared.scales;
  const maxDrawdowns = new Float64Array(members.length);

  // Lots per entry; a dynamic run recomputes them when its scale changes.
  let lots = shared.lots;
  let lotsScale = 1;

  // The money side, read and written on every sample: fields of one object, which the JIT keeps
  // as plain doubles, where closure variables would allocate a boxed number on every write.
  // realised is G without the open cycle; high is G's running high (at least 0: the peak starts
  // at the capital) and lowSinceHigh its low since that high; rate is the fx of the bar at hand
  // and stretchRate that of the stretch (below).
  const money = { realised: 0, high: 0, lowSinceHigh: Infinity, rate: 1, stretchRate: 0 };
  let trades = 0;
  let stops = 0;

  // The open cycle: its start, stop, next pending level, quantity Q and cost Σ q·fill, and the
  // two prices that bound "nothing happens": the take profit and the highest falling trigger.
  let inCycle = false;
  let start = 0;
  let stop = 0;
  let nextLevel = 1;
  let quantity = 0;
  let cost = 0;
  let takeProfit = 0;
  let fallLimit = 0;
  let gone = false;

  /** A member's drawdown, in percent, from equity at the high G to equity at low G. */
  const drawdownOf = (member: number, fromG: number, toG: number) => {
    const peak = (capitals[member] as number) + (scales[member] as number) * fromG;
    return ((peak - ((capitals[member] as number) + (scales[member] as number) * toG)) / peak) * 100;
  };

  // How far G may fall below its high without deepening any member's drawdown: member m's
  // grows only when G falls more than maxDrawdown_m / 100 · (C_m / s_m + H) below a high H. That
  // only grows with H, so the depth worked out at one high holds at every later one, until a
  // maximum changes. Most plateaus are far shallower: they cost one comparison, not a loop.
  let harmlessDepth = 0;
  const capitalsInG = capitals.map((capital, member) => capital / (scales[member] as number));
  const measureHarmlessDepth = () => {
    let least = Infinity;
    for (let member = 0; member < members.length; member++) {
      const peakInG = (capitalsInG[member] as number) + money.high;
      // A peak of equity at or below zero: no depth is known to be harmless.
      if (!(peakInG > 0)) least = 0;
      least = Math.min(least, ((maxDrawdowns[member] as number) / 100) * peakInG);
    }
    // A margin far beyond the rounding of the drawdowns compared with it.
    harmlessDepth = least * (1 - 1e-9);
  };

  /** A new high of G ends a plateau: its lowest point is each member's deepest drawdown in it. */
  const closePlateau = () => {
    const depth = money.high - money.lowSinceHigh;
    if (!(depth > harmlessDepth)) return;
    for (let member = 0; member < members.length; member++) {
      const drawdown = drawdownOf(member, money.high, money.lowSinceHigh);
      if (drawdown > (maxDrawdowns[member] as number)) maxDrawdowns[member] = drawdown;
    }
    measureHarmlessDepth();
  };

  const sample = (price: number) => {
    const result = money.realised + (inCycle ? ((quantity * price - cost) * usdPerUnit) / money.rate : 0);
    if (result > money.high) {
      closePlateau();
      money.high = result;
      money.lowSinceHigh = result;
    } else if (result < money.lowSinceHigh) money.lowSinceHigh = result;
  };

  // The stretch: bars of the open cycle at one fx rate in which nothing fires. quietCeiling is
  // the lower of the take profit and the first price of a new high. New highs stay inside the
  // stretch while every dip around them is too shallow to deepen any member's drawdown
  // (safeDip): stretchPeak is then the price of the latest high, and stretchLow the lowest price
  // since it (or a lower bound of it, which such shallow dips make harmless).
  let stretchOpen = false;
  let stretchEnd = 0;
  let rateRun = 0;
  let quietCeiling = 0;
  let stretchLow = NO_PRICE;
  let stretchPeak = NO_PRICE;
  let safeDip = UNKNOWN;

  const equityAt = (price: number) => money.realised + ((quantity * price - cost) * usdPerUnit) / money.rate;

  /**
   * A price below which equity (at the current rate) stays at or under the given G: where the two
   * meet, less two ticks, far more than the rounding of this estimate. Prices in that margin are
   * checked exactly, one by one (riseInStretch).
   */
  const priceSafelyBelow = (level: number): number =>
    Math.ceil((cost + (level - money.realised) * money.rate * unitsPerUsd) / quantity) - 2;

  const openStretch = (bar: number) => {
    money.rate = money.stretchRate = rates[bar] as number;
    while ((rateRunStarts[rateRun + 1] as number) <= bar) rateRun++;
    stretchEnd = rateRunStarts[rateRun + 1] as number;
    quietCeiling = Math.min(takeProfit, priceSafelyBelow(money.high));
    stretchLow = NO_PRICE;
    stretchPeak = NO_PRICE;
    safeDip = UNKNOWN;
    stretchOpen = true;
  };

  /** Hands the stretch's high and low to the plateau; needed before anything else changes. */
  const closeStretch = () => {
    if (!stretchOpen) return;
    stretchOpen = false;
    money.rate = money.stretchRate;
    if (stretchPeak !== NO_PRICE) {
      money.high = equityAt(stretchPeak);
      money.lowSinceHigh = equityAt(stretchLow);
      return;
    }
    if (stretchLow === NO_PRICE) return;
    const lowest = equityAt(stretchLow);
    if (lowest < money.lowSinceHigh) money.lowSinceHigh = lowest;
  };

  /**
   * A price the bar's path passes through: inside the open stretch and under its ceiling it can
   * only lower the stretch's low (two integer comparisons); anything else is sampled exactly.
   */
  const touch = (price: number) => {
    if (stretchOpen) {
      if (price < quietCeiling) {
        if (price < stretchLow) stretchLow = price;
        return;
      }
      closeStretch();
    }
    sample(price);
  };

  /**
   * The deepest price dip that cannot raise any member's maximum drawdown from a peak at or above
   * the current high, in this stretch; -1 when there is none (no drawdown yet, or a peak of equity
   * at or below zero). Drawdown s·ΔG / (C + s·H) only shrinks as the peak H grows.
   */
  const shallowDip = (): number => {
    measureHarmlessDepth();
    if (!(harmlessDepth > 0)) return -1;
    const eurPerPrice = (quantity * usdPerUnit) / money.stretchRate;
    return Math.floor(harmlessDepth / eurPerPrice) - 1;
  };

  /**
   * Takes a bar or block with prices in [minPrice, maxPrice] that reaches the ceiling but fires
   * nothing into the stretch: at once when it sets no new high after all, and otherwise when no
   * dip around the high can deepen a drawdown: the plateau it
   * closes, the dip inside it in whatever order, and the one it opens (whose low is taken as
   * minPrice, at most a shallow dip below the truth). False leaves it to the exact way.
   */
  const riseInStretch = (minPrice: number, maxPrice: number): boolean => {
    if (stretchPeak === NO_PRICE ? equityAt(maxPrice) <= money.high : maxPrice <= stretchPeak) {
      // Under the ceiling's margin, but no new high after all.
      if (minPrice < stretchLow) stretchLow = minPrice;
      return true;
    }
    if (safeDip === UNKNOWN) {
      // The plateau the stretch started in must close harmlessly, once, the first time.
      const startLow = Math.min(
        money.lowSinceHigh,
        stretchLow === NO_PRICE ? Infinity : equityAt(stretchLow),
      );
      safeDip = harmless(money.high, Math.min(startLow, money.high)) ? shallowDip() : -1;
    }
    if (safeDip < 0 || maxPrice - minPrice > safeDip) return false;
    if (stretchPeak !== NO_PRICE && stretchPeak - Math.min(stretchLow, minPrice) > safeDip) return false;
    stretchPeak = maxPrice;
    stretchLow = minPrice;
    quietCeiling = Math.min(takeProfit, maxPrice + 1);
    return true;
  };

  /** Whether no member's maximum drawdown can grow from a plateau at fromG down to toG. */
  const harmless = (fromG: number, toG: number, openingHigh?: number) => {
    // fromG is the high (or above it), and openingHigh above fromG: deeper than harmlessDepth
    // needs the exact test.
    if ((openingHigh ?? fromG) - toG <= harmlessDepth) return true;
    for (let member = 0; member < members.length; member++) {
      const limit = maxDrawdowns[member] as number;
      if (drawdownOf(member, fromG, toG) > limit) return false;
      if (openingHigh !== undefined) {
        // Plateaus opening inside the stretch peak between fromG and openingHigh; a negative
        // equity weighs most against the smallest of those peaks, a positive one the largest.
        const lowest = (capitals[member] as number) + (scales[member] as number) * toG;
        if (drawdownOf(member, lowest >= 0 ? openingHigh : fromG, toG) > limit) return false;
      }
    }
    return true;
  };

  /**
   * Settles a stretch whose prices stay within [minPrice, maxPrice] (above every falling trigger,
   * below the take profit) without walking it, when its equity samples change nothing that is
   * reported: false sends the caller to finer steps. With one fx rate G is exact at the extremes;
   * with several only bounds are known.
   */
  const quiet = (minPrice: number, maxPrice: number, minRate: number, maxRate: number): boolean => {
    const floatingHigh = (quantity * maxPrice - cost) * usdPerUnit;
    const floatingLow = (quantity * minPrice - cost) * usdPerUnit;
    if (minRate === maxRate) {
      const highest = money.realised + floatingHigh / minRate;
      const lowest = money.realised + floatingLow / minRate;
      if (highest <= money.high) {
        if (lowest < money.lowSinceHigh) money.lowSinceHigh = lowest;
        return true;
      }
      // A new high inside: the plateau it closes and those it opens are known only within bounds.
      if (!harmless(money.high, Math.min(money.lowSinceHigh, lowest), highest)) return false;
      money.high = highest;
      money.lowSinceHigh = highest;
      return true;
    }
    const highest = money.realised + (floatingHigh >= 0 ? floatingHigh / minRate : floatingHigh / maxRate);
    if (highest > money.high) return false;
    const lowest = money.realised + (floatingLow >= 0 ? floatingLow / maxRate : floatingLow / minRate);
    // The plateau's low stays unknown; it is harmless if even the bound cannot deepen a drawdown.
    return lowest >= money.lowSinceHigh || harmless(money.high, lowest);
  };

  /** The next level whose lots are not zero, or levelCount + 1. */
  const skipEmptyLevels = () => {
    while (nextLevel <= levelCount && (lots[nextLevel] as number) === 0) nextLevel++;
  };

  const refreshLimits = () => {
    takeProfit = takeProfitPrice(target, quantity, cost);
    const trigger = nextLevel <= levelCount ? start - nextLevel * step : NEVER_FALLS;
    fallLimit = Math.max(trigger, stop > 0 ? stop : NEVER_FALLS);
  };

  const closeAt = (exit: number, byStop: boolean) => {
    closeStretch();
    sample(exit);
    money.realised += ((quantity * exit - cost) * usdPerUnit) / money.rate;
    trades++;
    if (byStop) stops++;
    inCycle = false;
  };

  /** A falling path down to price (at or below fallLimit): levels then the stop, highest first; true when the stop closed the cycle. */
  const fall = (price: number, atOpen: boolean): boolean => {
    closeStretch();
    for (;;) {
      const trigger = nextLevel <= levelCount ? start - nextLevel * step : NEVER_FALLS;
      const stopFires = stop > 0 && stop >= price;
      if (trigger >= price && (!stopFires || trigger >= stop)) {
        const quantityHere = lots[nextLevel] as number;
        quantity += quantityHere;
        cost += quantityHere * ((atOpen ? price : trigger) + spread);
        nextLevel++;
        skipEmptyLevels();
        continue;
      }
      if (stopFires) {
        closeAt(atOpen ? price : stop, true);
        return true;
      }
      refreshLimits();
      return false;
    }
  };

  /**
   * Jumps over the largest aligned block in which nothing fires, inside the stretch when it can;
   * answers the bar to go on from (the same bar when no block qualifies).
   */
  const jump = (bar: number, end: number): number => {
    // The coarsest level the bar is aligned to, from its trailing zero bits.
    const aligned = coarsestAligned[Math.clz32(bar & -bar)] as number;
    for (let levelIndex = aligned; levelIndex >= 0; levelIndex--) {
      const level = blockLevels[levelIndex] as BlockLevel;
      const size = level.size;
      if (bar + size > end) continue;
      const block = bar >>> level.shift;
      const maxPrice = level.maxPrice[block] as number;
      const minPrice = level.minPrice[block] as number;
      if (maxPrice >= takeProfit || minPrice <= fallLimit) continue;
      if (bar + size <= stretchEnd) {
        if (maxPrice < quietCeiling) {
          if (minPrice < stretchLow) stretchLow = minPrice;
          return bar + size;
        }
        if (riseInStretch(minPrice, maxPrice)) return bar + size;
      }
      closeStretch();
      if (quiet(minPrice, maxPrice, level.minRate[block] as number, level.maxRate[block] as number))
        return bar + size;
      openStretch(bar);
    }
    return bar;
  };

  /**
   * Settles the bars from `from` on that change nothing but the plateau's low: whole blocks where
   * they align, single bars in between. Answers the first bar that may change more (or end).
   */
  const settle = (from: number, end: number): number => {
    let bar = from;
    while (bar < end) {
      if (!stretchOpen || bar >= stretchEnd) {
        closeStretch();
        openStretch(bar);
      }
      // A finest block with a trigger in it cannot be jumped, nor any larger block around it.
      const block = bar >>> finestShift;
      if (
        (bar & finestMask) === 0 &&
        (finestMaxes[block] as number) < takeProfit &&
        (finestMins[block] as number) > fallLimit
      ) {
        // Most often: a finest block, not the start of a larger one, quiet under the ceiling.
        if (
          (bar & coarserMask) !== 0 &&
          bar + finestMask < Math.min(end, stretchEnd) &&
          (finestMaxes[block] as number) < quietCeiling
        ) {
          if ((finestMins[block] as number) < stretchLow) stretchLow = finestMins[block] as number;
          bar += finestMask + 1;
          continue;
        }
        const next = jump(bar, end);
        if (next !== bar) {
          bar = next;
          continue;
        }
      }
      // Up to the next block boundary, with the bounds in locals: the hottest loop of a sweep.
      const limit = Math.min(end, stretchEnd, (bar | finestMask) + 1);
      const floor = fallLimit;
      const ceiling = quietCeiling;
      const mins = pathMin;
      const maxes = pathMax;
      let lowest = stretchLow;
      while (bar < limit) {
        const minPrice = mins[bar] as number;
        if (minPrice <= floor || (maxes[bar] as number) >= ceiling) break;
        if (minPrice < lowest) lowest = minPrice;
        bar++;
      }
      stretchLow = lowest;
      if (bar < limit) {
        const minPrice = pathMin[bar] as number;
        const maxPrice = pathMax[bar] as number;
        if (minPrice > floor && maxPrice < takeProfit && riseInStretch(minPrice, maxPrice)) {
          bar++;
          continue;
        }
        return bar;
      }
    }
    return bar;
  };

  let bar = 0;
  const advance = (end: number) => {
    while (bar < end) {
      if (inCycle) {
        bar = settle(bar, end);
        if (bar >= end) break;
        const minPrice = pathMin[bar] as number;
        const maxPrice = pathMax[bar] as number;
        // A new high without any trigger: settled in equity terms when no drawdown can grow.
        if (minPrice > fallLimit && maxPrice < takeProfit) {
          closeStretch();
          if (quiet(minPrice, maxPrice, money.rate, money.rate)) {
            bar++;
            continue;
          }
        }
        // Otherwise the stretch stays open into the bar's path, up to what fires (touch).
      }
      money.rate = rates[bar] as number;
      // Whether this bar opens a cycle.
      let opened = false;
      const open = opens[bar] as number;
      const barHigh = highs[bar] as number;
      const barLow = lows[bar] as number;
      const close = closes[bar] as number;

      if (inCycle) {
        if (open <= fallLimit && fall(open, true)) {
          bar++;
          continue;
        }
        if (open >= takeProfit) {
          closeAt(open, false);
          bar++;
          continue;
        }
      } else if (gone) {
        bar = count; // no cycle will open again: equity stays as it is
        break;
      } else {
        if (dynamic) {
          const scale = Math.max(0, (leader.capital + money.realised) / leader.capital);
          if (scale !== lotsScale) {
            lots = entryLots(leader, levelCount, scale);
            lotsScale = scale;
          }
        }
        const first = lots[0] as number;
        if (first === 0) {
          gone = true;
        } else {
          opened = true;
          inCycle = true;
          start = open;
          stop = open - stopDistance;
          nextLevel = 1;
          skipEmptyLevels();
          quantity = first;
          cost = first * (open + spread);
          refreshLimits();
        }
      }
      // The bar in which a cycle opens starts a stretch: its open costs only the spread, no new
      // high, and the rest of the bar most often changes nothing but the plateau's low.
      if (opened) openStretch(bar);
      touch(open);
      if (!inCycle) {
        bar++;
        continue;
      }
      if (opened) {
        const minPrice = pathMin[bar] as number;
        if (minPrice > fallLimit && (pathMax[bar] as number) < quietCeiling) {
          if (minPrice < stretchLow) stretchLow = minPrice;
          bar++;
          continue;
        }
      }

      const first = close >= open ? barLow : barHigh;
      const second = close >= open ? barHigh : barLow;

      // Three straight segments: open → first → second → close.
      let from = open;
      for (let segment = 0; segment < 3; segment++) {
        const to = segment === 0 ? first : segment === 1 ? second : close;
        if (to < from) {
          if (to <= fallLimit && fall(to, false)) break;
        } else if (to > from && to >= takeProfit) {
          // Inside a segment the take profit is met exactly: the exit realises Q · tg (fine point 7).
          closeStretch();
          money.realised += (quantity * target * usdPerUnit) / money.rate;
          trades++;
          inCycle = false;
          sample(to);
          break;
        }
        touch(to);
        from = to;
      }
      bar++;
    }
  };

  const finish = () => {
    closeStretch();
    let openPnl = 0;
    if (inCycle) {
      money.rate = rates[count - 1] as number;
      const lastClose = closes[count - 1] as number;
      const usd = (quantity * lastClose - cost) * usdPerUnit;
      if (leader.close) {
        sample(lastClose);
        money.realised += usd / money.rate;
        trades++;
        inCycle = false;
      } else {
        openPnl = usd / money.rate;
      }
    }
    closePlateau();

    return members.map((params, member) => {
      const scale = scales[member] as number;
      return report(
        scale * money.realised,
        scale * openPnl,
        maxDrawdowns[member] as number,
        trades,
        stops,
        params,
      );
    });
  };

  return { advance, finish };
}
