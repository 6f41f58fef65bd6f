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

/** fx(d) for the days firstDay, firstDay + 1, …: the curve read once per day of the bars. */
export interface DayRates {
  firstDay: number;
  rates: Float64Array;
}

/**
 * What the bars turn into before the block levels above the finest are summarised: every
 * per-bar column and the finest level. Slices of it can be filled in parallel (fillPrepared),
 * each on its own range of bars.
 */
export interface PreparedColumns extends Pick<
  PreparedBars,
  'count' | 'open' | 'high' | 'low' | 'close' | 'pathMin' | 'pathMax' | 'rate'
> {
  finest: BlockLevel;
}

export function prepareBars(
  bars: Bars,
  instrument: InstrumentSpec,
  fx: FxCurve,
  options: PrepareOptions = {},
): PreparedBars {
  const columns = allocatePrepared(bars.t.length, options);
  const highest = fillPrepared(columns, bars, instrument, dayRates(bars.t, fx), 0, columns.count);
  return completePrepared(columns, instrument, highest, options);
}

/** The fx rate of every day from the first bar's to the last bar's. */
export function dayRates(times: Float64Array, fx: FxCurve): DayRates {
  if (times.length === 0) return { firstDay: 0, rates: new Float64Array(0) };
  const firstDay = utcDay(times[0] as number);
  const lastDay = utcDay(times[times.length - 1] as number);
  const rates = new Float64Array(lastDay - firstDay + 1);
  for (let day = firstDay; day <= lastDay; day++) rates[day - firstDay] = fx.rateOnDay(day);
  return { firstDay, rates };
}

const branchingOf = (options: PrepareOptions) => {
  const branching = options.branching ?? DEFAULT_BRANCHING;
  if (!(branching >= 2 && Number.isInteger(Math.log2(branching))))
    throw new RangeError(`branching ${branching} is not a power of two`);
  return branching;
};

const arrays = (shared: boolean) => ({
  ints: (length: number) =>
    shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length),
  doubles: (length: number) =>
    shared ? new Float64Array(new SharedArrayBuffer(length * 8)) : new Float64Array(length),
});

/** Empty columns for count bars; the finest level's blocks have `branching` bars. */
export function allocatePrepared(count: number, options: PrepareOptions = {}): PreparedColumns {
  const branching = branchingOf(options);
  const { ints, doubles } = arrays(options.shared ?? false);
  return {
    count,
    open: ints(count),
    high: ints(count),
    low: ints(count),
    close: ints(count),
    pathMin: ints(count),
    pathMax: ints(count),
    rate: doubles(count),
    finest: emptyLevel(branching, Math.ceil(count / branching), ints, doubles),
  };
}

/**
 * Fills the bars [from, to) and the finest blocks that start in that range; from is a multiple
 * of the finest block size, so that no block is shared with another slice. `bars` holds every
 * bar (index 0 is bar 0). Answers the highest high of the slice, in price units.
 */
export function fillPrepared(
  columns: PreparedColumns,
  bars: Bars,
  instrument: InstrumentSpec,
  days: DayRates,
  from: number,
  to: number,
): number {
  const { open, high, low, close, pathMin, pathMax, rate, finest } = columns;
  if (from % finest.size !== 0) throw new RangeError(`slice start ${from} is not aligned to ${finest.size}`);
  const perUnit = milliPointsPerUnit(instrument);
  const { firstDay, rates } = days;
  let highest = -Infinity;
  let dayRate = 1;
  // The day changes rarely: compare with its end instead of dividing every bar's time.
  let dayEnd = Number.NEGATIVE_INFINITY;
  const { t: times, o: opens, h: highs, l: lows, c: closes } = bars;
  for (let bar = from; bar < to; bar++) {
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
    if (time >= dayEnd) {
      const day = utcDay(time);
      dayEnd = (day + 1) * DAY_MS;
      dayRate = rates[day - firstDay] as number;
    }
    rate[bar] = dayRate;
    if ((highs[bar] as number) > highest) highest = highs[bar] as number;
  }
  const size = finest.size;
  for (let block = from / size; block * size < to; block++) {
    let minPrice = 2147483647;
    let maxPrice = -2147483648;
    let minRate = Infinity;
    let maxRate = -Infinity;
    const end = Math.min((block + 1) * size, to);
    for (let bar = block * size; bar < end; bar++) {
      minPrice = Math.min(minPrice, pathMin[bar] as number);
      maxPrice = Math.max(maxPrice, pathMax[bar] as number);
      minRate = Math.min(minRate, rate[bar] as number);
      maxRate = Math.max(maxRate, rate[bar] as number);
    }
    finest.minPrice[block] = minPrice;
    finest.maxPrice[block] = maxPrice;
    finest.minRate[block] = minRate;
    finest.maxRate[block] = maxRate;
  }
  return highest;
}

/** The levels above the finest and the runs of one rate, once every slice is filled. */
export function completePrepared(
  columns: PreparedColumns,
  instrument: InstrumentSpec,
  highest: number,
  options: PrepareOptions = {},
): PreparedBars {
  const branching = branchingOf(options);
  const { ints, doubles } = arrays(options.shared ?? false);
  const { finest, ...perBar } = columns;
  const { count, rate } = perBar;
  const levels: BlockLevel[] = count > finest.size ? [finest] : [];
  for (let size = finest.size * branching; size < count; size *= branching) {
    levels.push(summarise(levels.at(-1) as BlockLevel, size, count, branching, ints, doubles));
  }
  const starts = rateRunStarts(rate, finest);
  const runStarts = ints(starts.length);
  runStarts.set(starts);
  return {
    ...perBar,
    instrument,
    rateRunStarts: runStarts,
    levels,
    highest,
    firstRate: count > 0 ? (rate[0] as number) : 1,
  };
}

/** The first bar of each run of one rate, then count; the finest blocks skip most of the bars. */
function rateRunStarts(rate: Float64Array, finest: BlockLevel): number[] {
  const count = rate.length;
  const starts = count > 0 ? [0] : [];
  for (let block = 0; block * finest.size < count; block++) {
    const first = block * finest.size;
    const steady =
      finest.minRate[block] === finest.maxRate[block] && (first === 0 || rate[first - 1] === rate[first]);
    if (steady) continue;
    const end = Math.min(first + finest.size, count);
    for (let bar = Math.max(1, first); bar < end; bar++) {
      if (rate[bar] !== rate[bar - 1]) starts.push(bar);
    }
  }
  starts.push(count);
  return starts;
}

function emptyLevel(
  size: number,
  blocks: number,
  ints: (length: number) => Int32Array,
  doubles: (length: number) => Float64Array,
): BlockLevel {
  return {
    size,
    shift: Math.log2(size),
    minPrice: ints(blocks),
    maxPrice: ints(blocks),
    minRate: doubles(blocks),
    maxRate: doubles(blocks),
  };
}

/** A level from the one below it. */
function summarise(
  below: BlockLevel,
  size: number,
  count: number,
  branching: number,
  ints: (length: number) => Int32Array,
  doubles: (length: number) => Float64Array,
): BlockLevel {
  const blocks = Math.ceil(count / size);
  const level = emptyLevel(size, blocks, ints, doubles);
  for (let block = 0; block < blocks; block++) {
    let minPrice = 2147483647;
    let maxPrice = -2147483648;
    let minRate = Infinity;
    let maxRate = -Infinity;
    const end = Math.min((block + 1) * branching, below.minPrice.length);
    for (let child = block * branching; child < end; child++) {
      minPrice = Math.min(minPrice, below.minPrice[child] as number);
      maxPrice = Math.max(maxPrice, below.maxPrice[child] as number);
      minRate = Math.min(minRate, below.minRate[child] as number);
      maxRate = Math.max(maxRate, below.maxRate[child] as number);
    }
    level.minPrice[block] = minPrice;
    level.maxPrice[block] = maxPrice;
    level.minRate[block] = minRate;
    level.maxRate[block] = maxRate;
  }
  return level;
}
