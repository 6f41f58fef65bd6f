// The reference simulator of engine.md section 8: written plainly from engine.md, walking every
// bar and every segment of the price path, with no optimisation. It is the oracle the fast
// engine is compared with; keep it simple enough to check line by line against the spec.
// A cycle's quantity and Σ q·fill are BigInts: its decisions are exact at any size, so where it
// agrees with the engine (which holds them in doubles) the engine's guard kept them exact.
import { utcDay, type Bars } from '../src/bars';
import type { FxCurve } from '../src/fx';
import {
  entryLots,
  milliPointsPerUnit,
  toMilliPoints,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
  type RunResult,
} from '../src/grid/params';
import { gridRequirement } from '../src/grid/requirement';

interface Level {
  trigger: number;
  lots: number;
  filled: boolean;
}

interface Cycle {
  start: number;
  stop: number;
  levels: Level[];
  /** Sum of lots and of lots × fill, in hundredths and milli-points. */
  quantity: bigint;
  cost: bigint;
}

export function referenceRun(
  bars: Bars,
  params: GridParams,
  instrument: InstrumentSpec,
  fx: FxCurve,
): RunResult {
  const base = {
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
  };
  const count = bars.t.length;
  if (count === 0) {
    return {
      profit: 0,
      interest: 0,
      trades: 0,
      stops: 0,
      requirement: 0,
      requirement20: 0,
      requirement200: 0,
      maxDrawdown: 0,
      timeUnderWater: 0,
      openPnl: 0,
      ...base,
      overflow: false,
      overflowAt: null,
    };
  }

  const perUnit = milliPointsPerUnit(instrument);
  const toTicks = (price: number) => Math.round(price * perUnit);
  const spread = toMilliPoints(instrument.spreadPoints);
  const step = toMilliPoints(params.mediazione);
  const target = toMilliPoints(params.target);
  const stopDistance = toMilliPoints(params.safeWorst);
  const levelCount = Math.floor(toMilliPoints(params.worst) / step);
  const usdPerUnit = usdPerLotHundredthMilliPoint(instrument);

  let realised = 0;
  let trades = 0;
  let stops = 0;
  let peak = params.capital;
  let maxDrawdown = 0;
  // Time under water: the longest time between two new highs of equity, the capital being the
  // first at the first bar; every sample counts at its bar's open time.
  let barTime = bars.t[0] as number;
  let highTime = barTime;
  let timeUnderWater = 0;
  let opened = false;
  let cycle: Cycle | null = null;
  let gone = false;
  /** When a cycle would have opened with lots or money past 2^53 − 1 (the run stops there). */
  let overflowAt: number | null = null;

  /** Q · price − Σ q·fill in exact integers, as USD. */
  const usdAt = (current: Cycle, price: number) =>
    Number(current.quantity * BigInt(price) - current.cost) * usdPerUnit;
  const floatingUsd = (price: number) => (cycle ? usdAt(cycle, price) : 0);
  const sample = (price: number, day: number) => {
    const equity = params.capital + realised + floatingUsd(price) / fx.rateOnDay(day);
    if (equity > peak) {
      peak = equity;
      timeUnderWater = Math.max(timeUnderWater, barTime - highTime);
      highTime = barTime;
    }
    const drawdown = ((peak - equity) / peak) * 100;
    if (drawdown > maxDrawdown) maxDrawdown = drawdown;
  };
  const fill = (level: Level, price: number) => {
    if (!cycle) return;
    level.filled = true;
    cycle.quantity += BigInt(level.lots);
    cycle.cost += BigInt(level.lots) * BigInt(price + spread);
  };
  const closeCycle = (usd: number, day: number, byStop: boolean) => {
    realised += usd / fx.rateOnDay(day);
    trades++;
    if (byStop) stops++;
    cycle = null;
  };
  /** TP test in exact integers: (price − tg)·Q >= Σ q·fill. */
  const reachesTakeProfit = (price: number) =>
    cycle !== null && BigInt(price - target) * cycle.quantity >= cycle.cost;

  /** Falling path from above down to price: every pending trigger at or above it fires, highest first. */
  const fall = (price: number, atOpen: boolean, day: number): boolean => {
    for (;;) {
      if (!cycle) return false;
      const current: Cycle = cycle;
      let next: Level | null = null;
      for (const level of current.levels) {
        if (
          !level.filled &&
          level.lots > 0 &&
          level.trigger >= price &&
          (!next || level.trigger > next.trigger)
        )
          next = level;
      }
      const stopFires = current.stop > 0 && current.stop >= price;
      // A level and the stop at the same price: the level fills first (fine point 15).
      if (next && (!stopFires || next.trigger >= current.stop)) {
        fill(next, atOpen ? price : next.trigger);
        continue;
      }
      if (stopFires) {
        const exit = atOpen ? price : current.stop;
        sample(exit, day);
        closeCycle(usdAt(current, exit), day, true);
        return true;
      }
      return false;
    }
  };

  let closedThisBar = false;
  for (let bar = 0; bar < count; bar++) {
    barTime = bars.t[bar] as number;
    const day = utcDay(barTime);
    const open = toTicks(bars.o[bar] as number);
    const high = toTicks(bars.h[bar] as number);
    const low = toTicks(bars.l[bar] as number);
    const close = toTicks(bars.c[bar] as number);
    closedThisBar = false;

    // The jump to the open (fine point 6).
    if (cycle) {
      if (fall(open, true, day)) {
        closedThisBar = true;
      } else if (reachesTakeProfit(open)) {
        const openCycle: Cycle = cycle;
        sample(open, day);
        closeCycle(usdAt(openCycle, open), day, false);
        closedThisBar = true;
      }
    }
    if (closedThisBar) continue;

    if (!cycle && !gone) {
      // f floors at 0: a dynamic run whose equity is gone has entries of 0 lots.
      const scale = params.dynamic ? Math.max(0, (params.capital + realised) / params.capital) : 1;
      const lots = entryLots(params, levelCount, scale);
      // The largest integer the cycle could hold: every lot filled at P0 + spread (no fill is
      // higher), and the take profit tested as (price − tg) · Q up to P0 + spread + tg.
      let allLots = 0;
      for (const quantity of lots) allLots += quantity;
      const largest = allLots * (open + spread + target);
      if ((lots[0] as number) === 0) {
        // f only changes with realised profit, so a run whose entry rounds to 0 never trades.
        gone = true;
      } else if (largest > Number.MAX_SAFE_INTEGER) {
        // Integers past 2^53 − 1 are not exact: the run stops here with what it has, no cycle open.
        overflowAt = bars.t[bar] as number;
        break;
      } else {
        opened = true;
        const levels: Level[] = [];
        for (let level = 1; level <= levelCount; level++) {
          levels.push({ trigger: open - level * step, lots: lots[level] as number, filled: false });
        }
        cycle = {
          start: open,
          stop: open - stopDistance,
          levels,
          quantity: BigInt(lots[0] as number),
          cost: BigInt(lots[0] as number) * BigInt(open + spread),
        };
      }
    }
    sample(open, day);

    const path = close >= open ? [open, low, high, close] : [open, high, low, close];
    for (let segment = 1; segment <= 3 && cycle; segment++) {
      const from = path[segment - 1] as number;
      const to = path[segment] as number;
      if (to < from) {
        if (fall(to, false, day)) break;
      } else if (to > from && reachesTakeProfit(to)) {
        const openCycle: Cycle = cycle;
        // Inside a segment TP is met exactly: the exit realises Q · tg (fine point 7).
        const usd = Number(openCycle.quantity) * target * usdPerUnit;
        realised += usd / fx.rateOnDay(day);
        trades++;
        cycle = null;
        sample(to, day);
        break;
      }
      sample(to, day);
    }
  }

  const lastDay = utcDay(bars.t[count - 1] as number);
  const lastClose = toTicks(bars.c[count - 1] as number);
  let openPnl = 0;
  if (cycle) {
    const usd = usdAt(cycle, lastClose);
    if (params.close) {
      sample(lastClose, lastDay);
      closeCycle(usd, lastDay, false);
    } else {
      openPnl = usd / fx.rateOnDay(lastDay);
    }
  }

  const end = overflowAt ?? (bars.t[count - 1] as number);
  if (opened) timeUnderWater = Math.max(timeUnderWater, end - highTime);
  else timeUnderWater = 0;

  let highest = -Infinity;
  for (let bar = 0; bar < count; bar++) highest = Math.max(highest, bars.h[bar] as number);
  const firstRate = fx.rateOnDay(utcDay(bars.t[0] as number));
  const requirement = gridRequirement(params, instrument, highest, firstRate);
  const requirement20 = gridRequirement({ ...params, leverage: 20 }, instrument, highest, firstRate);
  const requirement200 = gridRequirement({ ...params, leverage: 200 }, instrument, highest, firstRate);
  return {
    profit: realised,
    interest: (realised / params.capital) * 100,
    trades,
    stops,
    requirement,
    requirement20,
    requirement200,
    maxDrawdown,
    timeUnderWater,
    openPnl,
    ...base,
    overflow: overflowAt !== null,
    overflowAt,
  };
}
