// One grid run (engine.md sections 3 and 4) over typed arrays. The state of a cycle is a handful
// of numbers: levels fill strictly from the highest down, so the pending ones are "from the next
// level on" and a fall is a loop over one index. Decisions use integers only (fine point 1).
import { utcDay, type Bars } from '../bars';
import type { FxCurve } from '../fx';
import {
  entryLots,
  milliPointsPerUnit,
  toMilliPoints,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from './params';
import { gridRequirement } from './requirement';

export function runGrid(bars: Bars, params: GridParams, instrument: InstrumentSpec, fx: FxCurve): RunResult {
  const reported = {
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
  };
  const count = bars.t.length;
  if (count === 0) {
    return { profit: 0, interest: 0, trades: 0, stops: 0, requirement: 0, maxDrawdown: 0, openPnl: 0, ...reported };
  }

  const perUnit = milliPointsPerUnit(instrument);
  const spread = toMilliPoints(instrument.spreadPoints);
  const step = toMilliPoints(params.mediazione);
  const target = toMilliPoints(params.target);
  const stopDistance = toMilliPoints(params.safeWorst);
  const levelCount = Math.floor(toMilliPoints(params.worst) / step);
  const usdPerUnit = usdPerLotHundredthMilliPoint(instrument);
  const capital = params.capital;
  const { t: times, o: opens, h: highs, l: lows, c: closes } = bars;

  // Lots per entry, recomputed only when the dynamic scale changes.
  let lots = entryLots(params, levelCount, 1);
  let lotsScale = 1;

  let realised = 0;
  let trades = 0;
  let stops = 0;
  let peak = capital;
  let maxDrawdown = 0;

  // The open cycle: inCycle, its start, stop, next pending level, quantity Q and cost Σ q·fill.
  let inCycle = false;
  let start = 0;
  let stop = 0;
  let nextLevel = 1;
  let quantity = 0;
  let cost = 0;
  let gone = false;

  let day = -1;
  let rate = 1;

  const sample = (price: number) => {
    const equity = capital + realised + (inCycle ? ((quantity * price - cost) * usdPerUnit) / rate : 0);
    if (equity > peak) peak = equity;
    else {
      const drawdown = ((peak - equity) / peak) * 100;
      if (drawdown > maxDrawdown) maxDrawdown = drawdown;
    }
  };

  /** Skips levels whose lots round to zero; returns the trigger of the next fillable one or -Infinity. */
  const nextTrigger = () => {
    while (nextLevel <= levelCount && (lots[nextLevel] as number) === 0) nextLevel++;
    return nextLevel <= levelCount ? start - nextLevel * step : -Infinity;
  };

  /** A falling path down to price: levels then the stop, highest first; true when the stop closed the cycle. */
  const fall = (price: number, atOpen: boolean): boolean => {
    for (;;) {
      const trigger = nextTrigger();
      const stopFires = stop > 0 && stop >= price;
      if (trigger >= price && (!stopFires || trigger >= stop)) {
        const quantityHere = lots[nextLevel] as number;
        quantity += quantityHere;
        cost += quantityHere * ((atOpen ? price : trigger) + spread);
        nextLevel++;
        continue;
      }
      if (stopFires) {
        const exit = atOpen ? price : stop;
        sample(exit);
        realised += ((quantity * exit - cost) * usdPerUnit) / rate;
        trades++;
        stops++;
        inCycle = false;
        return true;
      }
      return false;
    }
  };

  for (let bar = 0; bar < count; bar++) {
    const barDay = utcDay(times[bar] as number);
    if (barDay !== day) {
      day = barDay;
      rate = fx.rateOnDay(day);
    }
    const open = Math.round((opens[bar] as number) * perUnit);

    if (inCycle) {
      if (fall(open, true)) continue;
      if ((open - target) * quantity >= cost) {
        sample(open);
        realised += ((quantity * open - cost) * usdPerUnit) / rate;
        trades++;
        inCycle = false;
        continue;
      }
    } else if (!gone) {
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
        quantity = first;
        cost = first * (open + spread);
      }
    }
    sample(open);
    if (!inCycle) continue;

    const high = Math.round((highs[bar] as number) * perUnit);
    const low = Math.round((lows[bar] as number) * perUnit);
    const close = Math.round((closes[bar] as number) * perUnit);
    const first = close >= open ? low : high;
    const second = close >= open ? high : low;

    // Three straight segments: open → first → second → close.
    let from = open;
    for (let segment = 0; segment < 3; segment++) {
      const to = segment === 0 ? first : segment === 1 ? second : close;
      if (to < from) {
        if (fall(to, false)) break;
      } else if (to > from && (to - target) * quantity >= cost) {
        realised += (quantity * target * usdPerUnit) / rate;
        trades++;
        inCycle = false;
        sample(to);
        break;
      }
      sample(to);
      from = to;
    }
  }

  let openPnl = 0;
  if (inCycle) {
    const lastClose = Math.round((closes[count - 1] as number) * perUnit);
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

  let highest = -Infinity;
  for (let bar = 0; bar < count; bar++) if ((highs[bar] as number) > highest) highest = highs[bar] as number;
  return {
    profit: realised,
    interest: (realised / capital) * 100,
    trades,
    stops,
    requirement: gridRequirement(params, instrument, highest, fx.rateOnDay(utcDay(times[0] as number))),
    maxDrawdown,
    openPnl,
    ...reported,
  };
}
