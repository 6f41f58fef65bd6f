// Grid runs (engine.md sections 3 and 4). The cycle's state is a handful of integers: levels
// fill strictly from the highest down, so "pending" is one index. Decisions compare integers
// only (fine point 1). Instead of walking every bar, a run settles stretches of bars in which
// nothing can happen (no price reaches the take profit or the next level or stop) from their
// lowest and highest prices (prepared-bars.ts has block summaries).
//
// Runs whose lots are proportional make the same decisions (every trigger test is homogeneous in
// the lots), so a group of them is simulated once, with the smallest lots of that shape, and each
// member scales the money. Equity is capital + scale · G, G the group's EUR result at that moment,
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
import { prepareBars, type PreparedBars } from './prepared-bars';
import { gridRequirement } from './requirement';

export function runGrid(bars: Bars, params: GridParams, instrument: InstrumentSpec, fx: FxCurve): RunResult {
  return runPrepared(prepareBars(bars, instrument, fx), params);
}

export function runPrepared(prepared: PreparedBars, params: GridParams): RunResult {
  return runGroup(prepared, [params])[0] as RunResult;
}

/** Smallest integer p with (p − target) · quantity >= cost: the take profit, exactly. */
function takeProfitPrice(target: number, quantity: number, cost: number): number {
  let steps = Math.floor(cost / quantity);
  while (steps * quantity < cost) steps++;
  while ((steps - 1) * quantity >= cost) steps--;
  return target + steps;
}

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/**
 * The group's lots reduced to their smallest integer shape, and each member's scale of it. A
 * dynamic run keeps its own lots (they are recomputed from its equity at every cycle).
 */
function sharedLots(members: readonly GridParams[], levelCount: number): { lots: Float64Array; scales: Float64Array } {
  const vectors = members.map((params) => entryLots(params, levelCount, 1));
  const first = vectors[0] as Float64Array;
  const reducible = !members[0]?.dynamic;
  const divisor = (reducible && first.reduce((common, quantity) => (quantity > 0 ? greatestCommonDivisor(quantity, common) : common), 0)) || 1;
  const lots = first.map((quantity) => quantity / divisor);
  const pivot = lots.findIndex((quantity) => quantity > 0);
  const scales = Float64Array.from(vectors, (vector) => (pivot >= 0 ? (vector[pivot] as number) / (lots[pivot] as number) : 1));
  return { lots, scales };
}

/**
 * Runs a group: members share mediazione, target, worst, safeWorst, multiplier and close, and
 * have proportional lots; a dynamic run is a group of one (its lots follow its own equity).
 */
export function runGroup(prepared: PreparedBars, members: readonly GridParams[]): RunResult[] {
  const leader = members[0];
  if (!leader) return [];
  const { count, instrument, open: opens, high: highs, low: lows, close: closes, rate: rates, levels: blockLevels } = prepared;
  const report = (profit: number, openPnl: number, maxDrawdown: number, trades: number, stops: number, params: GridParams): RunResult => ({
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
  if (count === 0) return members.map((params) => report(0, 0, 0, 0, 0, params));

  const spread = toMilliPoints(instrument.spreadPoints);
  const step = toMilliPoints(leader.mediazione);
  const target = toMilliPoints(leader.target);
  const stopDistance = toMilliPoints(leader.safeWorst);
  const levelCount = Math.floor(toMilliPoints(leader.worst) / step);
  const usdPerUnit = usdPerLotHundredthMilliPoint(instrument);
  const dynamic = leader.dynamic;
  const capitals = Float64Array.from(members, (params) => params.capital);
  const shared = sharedLots(members, levelCount);
  const scales = shared.scales;
  const maxDrawdowns = new Float64Array(members.length);

  // Lots per entry; a dynamic run recomputes them when its scale changes.
  let lots = shared.lots;
  let lotsScale = 1;

  let realised = 0;
  let trades = 0;
  let stops = 0;
  // G's running high (at least 0: the peak starts at the capital) and its low since that high.
  let high = 0;
  let lowSinceHigh = Infinity;

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
  let rate = 1;

  /** A member's drawdown, in percent, from equity at the high G to equity at low G. */
  const drawdownOf = (member: number, fromG: number, toG: number) => {
    const peak = (capitals[member] as number) + (scales[member] as number) * fromG;
    return ((peak - ((capitals[member] as number) + (scales[member] as number) * toG)) / peak) * 100;
  };

  /** A new high of G ends a plateau: its lowest point is each member's deepest drawdown in it. */
  const closePlateau = () => {
    if (!(lowSinceHigh < high)) return;
    for (let member = 0; member < members.length; member++) {
      const drawdown = drawdownOf(member, high, lowSinceHigh);
      if (drawdown > (maxDrawdowns[member] as number)) maxDrawdowns[member] = drawdown;
    }
  };

  const sample = (price: number) => {
    const result = realised + (inCycle ? ((quantity * price - cost) * usdPerUnit) / rate : 0);
    if (result > high) {
      closePlateau();
      high = result;
      lowSinceHigh = result;
    } else if (result < lowSinceHigh) lowSinceHigh = result;
  };

  /** Whether no member's maximum drawdown can grow from a plateau at fromG down to toG. */
  const harmless = (fromG: number, toG: number, openingHigh?: number) => {
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
      const highest = realised + floatingHigh / minRate;
      const lowest = realised + floatingLow / minRate;
      if (highest <= high) {
        if (lowest < lowSinceHigh) lowSinceHigh = lowest;
        return true;
      }
      // A new high inside: the plateau it closes and those it opens are known only within bounds.
      if (!harmless(high, Math.min(lowSinceHigh, lowest), highest)) return false;
      high = highest;
      lowSinceHigh = highest;
      return true;
    }
    const highest = realised + (floatingHigh >= 0 ? floatingHigh / minRate : floatingHigh / maxRate);
    if (highest > high) return false;
    const lowest = realised + (floatingLow >= 0 ? floatingLow / maxRate : floatingLow / minRate);
    // The plateau's low stays unknown; it is harmless if even the bound cannot deepen a drawdown.
    return lowest >= lowSinceHigh || harmless(high, lowest);
  };

  /** The next level whose lots are not zero, or levelCount + 1. */
  const skipEmptyLevels = () => {
    while (nextLevel <= levelCount && (lots[nextLevel] as number) === 0) nextLevel++;
  };

  const refreshLimits = () => {
    takeProfit = takeProfitPrice(target, quantity, cost);
    const trigger = nextLevel <= levelCount ? start - nextLevel * step : -Infinity;
    fallLimit = Math.max(trigger, stop > 0 ? stop : -Infinity);
  };

  const closeAt = (exit: number, byStop: boolean) => {
    sample(exit);
    realised += ((quantity * exit - cost) * usdPerUnit) / rate;
    trades++;
    if (byStop) stops++;
    inCycle = false;
  };

  /** A falling path down to price: levels then the stop, highest first; true when the stop closed the cycle. */
  const fall = (price: number, atOpen: boolean): boolean => {
    if (price > fallLimit) return false;
    for (;;) {
      const trigger = nextLevel <= levelCount ? start - nextLevel * step : -Infinity;
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

  /** Jumps over the largest aligned block in which nothing can change; answers the bar to go on from. */
  const jump = (bar: number): number => {
    for (let levelIndex = blockLevels.length - 1; levelIndex >= 0; levelIndex--) {
      const level = blockLevels[levelIndex] as (typeof blockLevels)[number];
      const size = level.size;
      if (bar % size !== 0 || bar + size > count) continue;
      const block = bar / size;
      const maxPrice = level.maxPrice[block] as number;
      const minPrice = level.minPrice[block] as number;
      if (maxPrice >= takeProfit || minPrice <= fallLimit) continue;
      if (quiet(minPrice, maxPrice, level.minRate[block] as number, level.maxRate[block] as number)) return bar + size;
    }
    return bar;
  };

  let bar = 0;
  while (bar < count) {
    if (inCycle) {
      const next = jump(bar);
      if (next !== bar) {
        bar = next;
        continue;
      }
    }
    rate = rates[bar] as number;
    const open = opens[bar] as number;
    const barHigh = highs[bar] as number;
    const barLow = lows[bar] as number;
    const close = closes[bar] as number;

    // Most bars of an open cycle reach no trigger: settle them without walking the path.
    if (inCycle) {
      const minPrice = Math.min(open, barHigh, barLow, close);
      const maxPrice = Math.max(open, barHigh, barLow, close);
      if (minPrice > fallLimit && maxPrice < takeProfit && quiet(minPrice, maxPrice, rate, rate)) {
        bar++;
        continue;
      }
    }

    if (inCycle) {
      if (fall(open, true)) {
        bar++;
        continue;
      }
      if (open >= takeProfit) {
        closeAt(open, false);
        bar++;
        continue;
      }
    } else if (gone) {
      break; // no cycle will open again: equity stays as it is
    } else {
      if (dynamic) {
        const scale = Math.max(0, (leader.capital + realised) / leader.capital);
        if (scale !== lotsScale) {
          lots = entryLots(leader, levelCount, scale);
          lotsScale = scale;
        }
      }
      const first = lots[0] as number;
      if (first === 0) {
        gone = true;
      } else {
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
    sample(open);
    if (!inCycle) {
      bar++;
      continue;
    }

    const first = close >= open ? barLow : barHigh;
    const second = close >= open ? barHigh : barLow;

    // Three straight segments: open → first → second → close.
    let from = open;
    for (let segment = 0; segment < 3; segment++) {
      const to = segment === 0 ? first : segment === 1 ? second : close;
      if (to < from) {
        if (fall(to, false)) break;
      } else if (to > from && to >= takeProfit) {
        // Inside a segment the take profit is met exactly: the exit realises Q · tg (fine point 7).
        realised += (quantity * target * usdPerUnit) / rate;
        trades++;
        inCycle = false;
        sample(to);
        break;
      }
      sample(to);
      from = to;
    }
    bar++;
  }

  let openPnl = 0;
  if (inCycle) {
    rate = rates[count - 1] as number;
    const lastClose = closes[count - 1] as number;
    const usd = (quantity * lastClose - cost) * usdPerUnit;
    if (leader.close) {
      sample(lastClose);
      realised += usd / rate;
      trades++;
      inCycle = false;
    } else {
      openPnl = usd / rate;
    }
  }
  closePlateau();

  return members.map((params, member) => {
    const scale = scales[member] as number;
    return report(scale * realised, scale * openPnl, maxDrawdowns[member] as number, trades, stops, params);
  });
}
