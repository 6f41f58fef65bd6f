// A market's bars made ready for many grid runs: prices as integer milli-points (decisions are
// exact, fine point 1), the EURUSD rate of each bar's day, and a hierarchy of block summaries
// (lowest and highest price, lowest and highest rate) that lets a run jump over stretches where
// nothing can happen instead of walking every bar. Built once per market and period, shared by
// every run of a sweep.
import { DAY_MS, utcDay, type Bars } from '../bars';
import type { FxCurve } from '../fx';
import { milliPointsPerUnit, type InstrumentSpec } from './params';

export interface BlockLevel {
  /** Bars per block, a power of two: 2 ** shift. */
  size: number;
  shift: number;
  minPrice: Int32Array;
  maxPrice: Int32Array;
  minRate: Float64Array;
  maxRate: Float64Array;
}

export interface PreparedBars {
  count: number;
  instrument: InstrumentSpec;
  open: Int32Array;
  high: Int32Array;
  low: Int32Array;
  close: Int32Array;
  /** Lowest and highest of the bar's four prices: its whole path, even when the bar is malformed. */
  pathMin: Int32Array;
  pathMax: Int32Array;
  /** fx(d) of each bar's UTC day. */
  rate: Float64Array;
  /** The first bar of each run of bars with one rate, then count: runs share their money math. */
  rateRunStarts: Int32Array;
  /** Finest first. */
  levels: BlockLevel[];
  /** Highest high of the period, in price units (requirement). */
  highest: number;
  firstRate: number;
}

/** Block sizes grow by this factor per level. */
const DEFAULT_BRANCHING = 16;

export interface PrepareOptions {
  /** Block sizes grow by this factor per level, a power of two (tests use small ones to exercise the jumps). */
  branching?: number;
  /** Columns on shared memory, so worker threads read them without a copy. */
  shared?: boolean;
}

export function prepareBars(
  bars: Bars,
  instrument: InstrumentSpec,
  fx: FxCurve,
  options: PrepareOptions = {},
): PreparedBars {
  const { branching = DEFAULT_BRANCHING, shared = false } = options;
  if (!(branching >= 2 && Number.isInteger(Math.log2(branching))))
    throw new RangeError(`branching ${branching} is not a power of two`);
  const ints = (length: number) =>
    shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length);
  const doubles = (length: number) =>
    shared ? new Float64Array(new SharedArrayBuffer(length * 8)) : new Float64Array(length);
  const count = bars.t.length;
  const perUnit = milliPointsPerUnit(instrument);
  const open = ints(count);
  const high = ints(count);
  const low = ints(count);
  const close = ints(count);
  const pathMin = ints(count);
  const pathMax = ints(count);
  const rate = doubles(count);
  const rateRunStarts: number[] = [];
  let highest = -Infinity;
  let dayRate = 1;
  // The day changes rarely: compare with its end instead of dividing every bar's time.
  let dayEnd = Number.NEGATIVE_INFINITY;
  const { t: times, o: opens, h: highs, l: lows, c: closes } = bars;
  for (let bar = 0; bar < count; bar++) {
    const barOpen = Math.round((opens[bar] as number) * perUnit);
    const barHigh = Math.round((highs[bar] as number) * perUnit);
    const barLow = Math.round((lows[bar] as number) * perUnit);
    const barClose = Math.round((closes[bar] as number) * perUnit);
    open[bar] = barOpen;
    high[bar] = barHigh;
    low[bar] = barLow;
    close[bar] = barClose;
    pathMin[bar] = Math.min(barOpen, barHigh, barLow, barClose);
    pathMax[bar] = Math.max(barOpen, barHigh, barLow, barClose);
    const time = times[bar] as number;
    if (time >= dayEnd || bar === 0) {
      const day = utcDay(time);
      dayEnd = (day + 1) * DAY_MS;
      const previousRate = dayRate;
      dayRate = fx.rateOnDay(day);
      if (bar === 0 || dayRate !== previousRate) rateRunStarts.push(bar);
    }
    rate[bar] = dayRate;
    if ((highs[bar] as number) > highest) highest = highs[bar] as number;
  }

  const levels: BlockLevel[] = [];
  for (let size = branching; size < count; size *= branching) {
    levels.push(summarise(levels.at(-1), size, count, { pathMin, pathMax, rate }, branching, ints, doubles));
  }
  rateRunStarts.push(count);
  const runStarts = ints(rateRunStarts.length);
  runStarts.set(rateRunStarts);
  return {
    count,
    instrument,
    open,
    high,
    low,
    close,
    pathMin,
    pathMax,
    rate,
    rateRunStarts: runStarts,
    levels,
    highest,
    firstRate: count > 0 ? (rate[0] as number) : 1,
  };
}

/** A level from the one below it, or from the bars' paths for the finest. */
function summarise(
  below: BlockLevel | undefined,
  size: number,
  count: number,
  columns: { pathMin: Int32Array; pathMax: Int32Array; rate: Float64Array },
  branching: number,
  ints: (length: number) => Int32Array,
  doubles: (length: number) => Float64Array,
): BlockLevel {
  const blocks = Math.ceil(count / size);
  const level: BlockLevel = {
    size,
    shift: Math.log2(size),
    minPrice: ints(blocks),
    maxPrice: ints(blocks),
    minRate: doubles(blocks),
    maxRate: doubles(blocks),
  };
  for (let block = 0; block < blocks; block++) {
    let minPrice = 2147483647;
    let maxPrice = -2147483648;
    let minRate = Infinity;
    let maxRate = -Infinity;
    if (below) {
      const end = Math.min((block + 1) * branching, below.minPrice.length);
      for (let child = block * branching; child < end; child++) {
        minPrice = Math.min(minPrice, below.minPrice[child] as number);
        maxPrice = Math.max(maxPrice, below.maxPrice[child] as number);
        minRate = Math.min(minRate, below.minRate[child] as number);
        maxRate = Math.max(maxRate, below.maxRate[child] as number);
      }
    } else {
      const end = Math.min((block + 1) * size, count);
      for (let bar = block * size; bar < end; bar++) {
        minPrice = Math.min(minPrice, columns.pathMin[bar] as number);
        maxPrice = Math.max(maxPrice, columns.pathMax[bar] as number);
        minRate = Math.min(minRate, columns.rate[bar] as number);
        maxRate = Math.max(maxRate, columns.rate[bar] as number);
      }
    }
    level.minPrice[block] = minPrice;
    level.maxPrice[block] = maxPrice;
    level.minRate[block] = minRate;
    level.maxRate[block] = maxRate;
  }
  return level;
}
