// One grid run (engine.md sections 3 and 4). The cycle's state is a handful of integers: levels
// fill strictly from the highest down, so "pending" is one index. Decisions compare integers
// only (fine point 1). Instead of walking every bar, a run jumps over blocks of bars in which
// nothing can happen: no price reaches the take profit or the next level or stop, and the
// equity samples inside cannot set a new maximum drawdown (prepared-bars.ts has the summaries).
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

/** Smallest integer p with (p − target) · quantity >= cost: the take profit, exactly. */
function takeProfitPrice(target: number, quantity: number, cost: number): number {
  let steps = Math.floor(cost / quantity);
  while (steps * quantity < cost) steps++;
  while ((steps - 1) * quantity >= cost) steps--;
  return target + steps;
}

export function runPrepared(prepared: PreparedBars, params: GridParams): RunResult {
  const reported = {
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
  };
  const { count, instrument, open: opens, high: highs, low: lows, close: closes, rate: rates, levels: blockLevels } = prepared;
  if (count === 0) {
    return { profit: 0, interest: 0, trades: 0, stops: 0, requirement: 0, maxDrawdown: 0, openPnl: 0, ...reported };
  }

  const spread = toMilliPoints(instrument.spreadPoints);
  const step = toMilliPoints(params.mediazione);
  const target = toMilliPoints(params.target);
  const stopDistance = toMilliPoints(params.safeWorst);
  const levelCount = Math.floor(toMilliPoints(params.worst) / step);
  const usdPerUnit = usdPerLotHundredthMilliPoint(instrument);
  const capital = params.capital;

  // Lots per entry, recomputed only when the dynamic scale changes.
  let lots = entryLots(params, levelCount, 1);
  let lotsScale = 1;

  let realised = 0;
  let trades = 0;
  let stops = 0;
  let peak = capital;
  let maxDrawdown = 0;

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

  const sample = (price: number) => {
    const equity = capital + realised + (inCycle ? ((quantity * price - cost) * usdPerUnit) / rate : 0);
    if (equity > peak) peak = equity;
    else {
      const drawdown = ((peak - equity) / peak) * 100;
      if (drawdown > maxDrawdown) maxDrawdown = drawdown;
    }
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

  /**
   * Whether a stretch of bars whose prices stay within [minPrice, maxPrice] (above every falling
   * trigger, below the take profit) leaves the run as it is: its equity samples cannot set a new
   * maximum drawdown. When true the peak is brought up to the stretch's highest equity, exactly
   * as the samples would have; with several fx rates in the stretch only bounds are known, so it
   * answers true only if the peak cannot move.
   */
  const quiet = (minPrice: number, maxPrice: number, minRate: number, maxRate: number): boolean => {
    const floatingHigh = (quantity * maxPrice - cost) * usdPerUnit;
    const floatingLow = (quantity * minPrice - cost) * usdPerUnit;
    let newPeak = peak;
    let lowest: number;
    if (minRate === maxRate) {
      const highest = capital + realised + floatingHigh / minRate;
      if (highest > peak) newPeak = highest;
      lowest = capital + realised + floatingLow / minRate;
    } else {
      const highest = capital + realised + (floatingHigh >= 0 ? floatingHigh / minRate : floatingHigh / maxRate);
      if (highest > peak) return false;
      lowest = capital + realised + (floatingLow >= 0 ? floatingLow / maxRate : floatingLow / minRate);
    }
    // A negative equity weighs most against the smallest peak the stretch could have had.
    const against = lowest >= 0 ? newPeak : peak;
    if (((against - lowest) / against) * 100 > maxDrawdown) return false;
    peak = newPeak;
    return true;
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
    const high = highs[bar] as number;
    const low = lows[bar] as number;
    const close = closes[bar] as number;

    // Most bars of an open cycle reach no trigger: settle them without walking the path.
    if (inCycle) {
      const minPrice = Math.min(open, high, low, close);
      const maxPrice = Math.max(open, high, low, close);
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
      const scale = params.dynamic ? Math.max(0, (capital + realised) / capital) : 1;
      if (scale !== lotsScale) {
        lots = entryLots(params, levelCount, scale);
        lotsScale = scale;
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

    const first = close >= open ? low : high;
    const second = close >= open ? high : low;

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
    if (params.close) {
      sample(lastClose);
      realised += usd / rate;
      trades++;
      inCycle = false;
    } else {
      openPnl = usd / rate;
    }
  }

  return {
    profit: realised,
    interest: (realised / capital) * 100,
    trades,
    stops,
    requirement: gridRequirement(params, instrument, prepared.highest, prepared.firstRate),
    maxDrawdown,
    openPnl,
    ...reported,
  };
}
