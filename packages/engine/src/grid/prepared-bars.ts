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
  /** The bars' open times (ms): the bars' own column, not a copy (shared when they are). */
  times: Float64Array;
  instrument: InstrumentSpec;
  open: Int32Array;
  close: Int32Array;
  /**
   * Lowest and highest of the bar's four prices: its whole path, even when the bar is malformed.
   * For a well-formed bar they are its low and high.
   */
  pathMin: Int32Array;
  pathMax: Int32Array;
  /**
   * Lowest and highest path price from each bar to the end of its finest block. A run that goes on
   * from inside a block (after an event) learns from one look whether the rest of it is quiet.
   */
  pathMinToBlockEnd: Int32Array;
  pathMaxToBlockEnd: Int32Array;
  /**
   * Lowest and highest price from each finest block to the end of the block of the next level
   * that holds it (to the last bar when there is no next level): likewise for the finest blocks.
   */
  finestMinToParentEnd: Int32Array;
  finestMaxToParentEnd: Int32Array;
  /** The malformed bars (fine point 8): their path turns at their own high and low. */
  malformed: MalformedBars;
  /** The first bar of each run of bars with one rate (fx(d) of the bar's UTC day), then count. */
  rateRunStarts: Int32Array;
  /** The rate of each run. */
  runRates: Float64Array;
  /** Finest first. */
  levels: BlockLevel[];
  /** Highest high of the period, in price units (requirement). */
  highest: number;
  firstRate: number;
}

/** Bars whose high is under their open or close, or whose low is over them, in ascending order. */
export interface MalformedBars {
  bars: Int32Array;
  high: Int32Array;
  low: Int32Array;
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
  'count' | 'times' | 'open' | 'close' | 'pathMin' | 'pathMax' | 'pathMinToBlockEnd' | 'pathMaxToBlockEnd'
> {
  finest: BlockLevel;
}

/** What a filled slice found besides its columns: completePrepared gathers the slices'. */
export interface FilledSlice {
  from: number;
  /** Highest high of the slice, in price units. */
  highest: number;
  /** Bars of the slice whose rate differs from the bar before (bar 0 included), with that rate. */
  rateChanges: number[];
  rates: number[];
  malformed: { bars: number[]; high: number[]; low: number[] };
}

export function prepareBars(
  bars: Bars,
  instrument: InstrumentSpec,
  fx: FxCurve,
  options: PrepareOptions = {},
): PreparedBars {
  const columns = allocatePrepared(bars.t, options);
  const slice = fillPrepared(columns, bars, instrument, dayRates(bars.t, fx), 0, columns.count);
  return completePrepared(columns, instrument, [slice], options);
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

const arrays = (shared: boolean) => {
  const ints = (length: number) =>
    shared ? new Int32Array(new SharedArrayBuffer(length * 4)) : new Int32Array(length);
  const doubles = (length: number) =>
    shared ? new Float64Array(new SharedArrayBuffer(length * 8)) : new Float64Array(length);
  return {
    ints,
    doubles,
    /** A copy of the values, on shared memory when the columns are. */
    intsOf: (values: readonly number[]) => {
      const copy = ints(values.length);
      copy.set(values);
      return copy;
    },
    doublesOf: (values: readonly number[]) => {
      const copy = doubles(values.length);
      copy.set(values);
      return copy;
    },
  };
};

/** Empty columns for the bars of these times; the finest level's blocks have `branching` bars. */
export function allocatePrepared(times: Float64Array, options: PrepareOptions = {}): PreparedColumns {
  const branching = branchingOf(options);
  const { ints, doubles } = arrays(options.shared ?? false);
  const count = times.length;
  return {
    count,
    times,
    open: ints(count),
    close: ints(count),
    pathMin: ints(count),
    pathMax: ints(count),
    pathMinToBlockEnd: ints(count),
    pathMaxToBlockEnd: ints(count),
    finest: emptyLevel(branching, Math.ceil(count / branching), ints, doubles),
  };
}

/**
 * Fills the bars [from, to) and the finest blocks that start in that range, in one pass; from is
 * a multiple of the finest block size, so that no block is shared with another slice. `bars`
 * holds every bar (index 0 is bar 0).
 */
export function fillPrepared(
  columns: PreparedColumns,
  bars: Bars,
  instrument: InstrumentSpec,
  days: DayRates,
  from: number,
  to: number,
): FilledSlice {
  const { open, close, pathMin, pathMax, pathMinToBlockEnd, pathMaxToBlockEnd, finest } = columns;
  const size = finest.size;
  if (from % size !== 0) throw new RangeError(`slice start ${from} is not aligned to ${size}`);
  const perUnit = milliPointsPerUnit(instrument);
  const { t: times, o: opens, h: highs, l: lows, c: closes } = bars;
  const rateOfDay = (time: number) => days.rates[utcDay(time) - days.firstDay] as number;
  const slice: FilledSlice = {
    from,
    highest: -Infinity,
    rateChanges: [],
    rates: [],
    malformed: { bars: [], high: [], low: [] },
  };
  let dayRate = from === 0 ? Number.NaN : rateOfDay(times[from - 1] as number);
  // The day changes rarely: compare with its end instead of dividing every bar's time.
  let dayEnd = Number.NEGATIVE_INFINITY;
  // The highest high as the bar that holds it: its rounded price is compared first, an integer.
  let highestBar = from;
  let highestPrice = -2147483648;
  for (let blockStart = from; blockStart < to; blockStart += size) {
    let minPrice = 2147483647;
    let maxPrice = -2147483648;
    let minRate = Infinity;
    let maxRate = -Infinity;
    const blockEnd = Math.min(blockStart + size, to);
    for (let bar = blockStart; bar < blockEnd; bar++) {
      // As 32-bit integers (as the columns store them), so that min and max compare integers.
      const barOpen = Math.round((opens[bar] as number) * perUnit) | 0;
      const barHigh = Math.round((highs[bar] as number) * perUnit) | 0;
      const barLow = Math.round((lows[bar] as number) * perUnit) | 0;
      const barClose = Math.round((closes[bar] as number) * perUnit) | 0;
      const lowest = Math.min(barOpen, barHigh, barLow, barClose);
      const highest = Math.max(barOpen, barHigh, barLow, barClose);
      open[bar] = barOpen;
      close[bar] = barClose;
      pathMin[bar] = lowest;
      pathMax[bar] = highest;
      if (barHigh !== highest || barLow !== lowest) {
        slice.malformed.bars.push(bar);
        slice.malformed.high.push(barHigh);
        slice.malformed.low.push(barLow);
      }
      if (lowest < minPrice) minPrice = lowest;
      if (highest > maxPrice) maxPrice = highest;
      // The rounded high first; on a tie the stored highs decide, which are what requirement reads.
      if (
        barHigh > highestPrice ||
        (barHigh === highestPrice && (highs[bar] as number) > (highs[highestBar] as number))
      ) {
        highestPrice = barHigh;
        highestBar = bar;
      }
      const time = times[bar] as number;
      if (time >= dayEnd) {
        dayEnd = (utcDay(time) + 1) * DAY_MS;
        const rate = rateOfDay(time);
        if (!(rate === dayRate)) {
          slice.rateChanges.push(bar);
          slice.rates.push(rate);
        }
        dayRate = rate;
      }
      if (dayRate < minRate) minRate = dayRate;
      if (dayRate > maxRate) maxRate = dayRate;
    }
    fillToEnd(pathMin, pathMax, blockStart, blockEnd, pathMinToBlockEnd, pathMaxToBlockEnd);
    const block = blockStart / size;
    finest.minPrice[block] = minPrice;
    finest.maxPrice[block] = maxPrice;
    finest.minRate[block] = minRate;
    finest.maxRate[block] = maxRate;
  }
  if (to > from) slice.highest = highs[highestBar] as number;
  return slice;
}

/** The levels above the finest, the runs of one rate and the malformed bars, once every slice is filled. */
export function completePrepared(
  columns: PreparedColumns,
  instrument: InstrumentSpec,
  slices: readonly FilledSlice[],
  options: PrepareOptions = {},
): PreparedBars {
  const branching = branchingOf(options);
  const { ints, doubles, intsOf, doublesOf } = arrays(options.shared ?? false);
  const { finest, ...perBar } = columns;
  const { count } = perBar;
  const levels: BlockLevel[] = count > finest.size ? [finest] : [];
  for (let size = finest.size * branching; size < count; size *= branching) {
    levels.push(summarise(levels.at(-1) as BlockLevel, size, count, branching, ints, doubles));
  }
  const finestMinToParentEnd = ints(finest.minPrice.length);
  const finestMaxToParentEnd = ints(finest.minPrice.length);
  for (let block = 0; block < finest.minPrice.length; block += branching) {
    const parentEnd = Math.min(block + branching, finest.minPrice.length);
    fillToEnd(finest.minPrice, finest.maxPrice, block, parentEnd, finestMinToParentEnd, finestMaxToParentEnd);
  }
  const inOrder = [...slices].sort((a, b) => a.from - b.from);
  const gather = (pick: (slice: FilledSlice) => number[]) => intsOf(inOrder.flatMap(pick));
  const runRates = doublesOf(inOrder.flatMap((slice) => slice.rates));
  const rateRunStarts = intsOf([...inOrder.flatMap((slice) => slice.rateChanges), count]);
  const malformed = {
    bars: gather((slice) => slice.malformed.bars),
    high: gather((slice) => slice.malformed.high),
    low: gather((slice) => slice.malformed.low),
  };
  return {
    ...perBar,
    finestMinToParentEnd,
    finestMaxToParentEnd,
    instrument,
    malformed,
    rateRunStarts,
    runRates,
    levels,
    highest: Math.max(-Infinity, ...inOrder.map((slice) => slice.highest)),
    firstRate: count > 0 ? (runRates[0] as number) : 1,
  };
}

/** For each index of [from, to): the lowest and highest of mins and maxes from it to `to`. */
function fillToEnd(
  mins: Int32Array,
  maxes: Int32Array,
  from: number,
  to: number,
  minsToEnd: Int32Array,
  maxesToEnd: Int32Array,
): void {
  let lowest = 2147483647;
  let highest = -2147483648;
  for (let index = to - 1; index >= from; index--) {
    if ((mins[index] as number) < lowest) lowest = mins[index] as number;
    if ((maxes[index] as number) > highest) highest = maxes[index] as number;
    minsToEnd[index] = lowest;
    maxesToEnd[index] = highest;
  }
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
