// A market's bars made ready for many grid runs: prices as integer milli-points (decisions are
// exact, fine point 1), the EURUSD rate of each bar's day, and a hierarchy of block summaries
// (lowest and highest price, lowest and highest rate) that lets a run jump over stretches where
// nothing can happen instead of walking every bar. Built once per market and period, shared by
// every run of a sweep.
import { utcDay, type Bars } from '../bars';
import type { FxCurve } from '../fx';
import { milliPointsPerUnit, type InstrumentSpec } from './params';

export interface BlockLevel {
  /** Bars per block. */
  size: number;
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
  /** fx(d) of each bar's UTC day. */
  rate: Float64Array;
  /** Finest first. */
  levels: BlockLevel[];
  /** Highest high of the period, in price units (requirement). */
  highest: number;
  firstRate: number;
}

/** Block sizes grow by this factor per level. */
const DEFAULT_BRANCHING = 16;

export function prepareBars(bars: Bars, instrument: InstrumentSpec, fx: FxCurve, branching = DEFAULT_BRANCHING): PreparedBars {
  const count = bars.t.length;
  const perUnit = milliPointsPerUnit(instrument);
  const open = new Int32Array(count);
  const high = new Int32Array(count);
  const low = new Int32Array(count);
  const close = new Int32Array(count);
  const rate = new Float64Array(count);
  let highest = -Infinity;
  let day = Number.NaN;
  let dayRate = 1;
  for (let bar = 0; bar < count; bar++) {
    open[bar] = Math.round((bars.o[bar] as number) * perUnit);
    high[bar] = Math.round((bars.h[bar] as number) * perUnit);
    low[bar] = Math.round((bars.l[bar] as number) * perUnit);
    close[bar] = Math.round((bars.c[bar] as number) * perUnit);
    const barDay = utcDay(bars.t[bar] as number);
    if (barDay !== day) {
      day = barDay;
      dayRate = fx.rateOnDay(day);
    }
    rate[bar] = dayRate;
    if ((bars.h[bar] as number) > highest) highest = bars.h[bar] as number;
  }

  const levels: BlockLevel[] = [];
  for (let size = branching; size < count; size *= branching) {
    levels.push(summarise(levels.at(-1), size, count, { open, high, low, close, rate }, branching));
  }
  return { count, instrument, open, high, low, close, rate, levels, highest, firstRate: count > 0 ? (rate[0] as number) : 1 };
}

/** A level from the one below it (or from the bars for the finest); malformed bars are covered by using all four prices. */
function summarise(
  below: BlockLevel | undefined,
  size: number,
  count: number,
  columns: { open: Int32Array; high: Int32Array; low: Int32Array; close: Int32Array; rate: Float64Array },
  branching: number,
): BlockLevel {
  const blocks = Math.ceil(count / size);
  const level: BlockLevel = {
    size,
    minPrice: new Int32Array(blocks),
    maxPrice: new Int32Array(blocks),
    minRate: new Float64Array(blocks),
    maxRate: new Float64Array(blocks),
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
        minPrice = Math.min(minPrice, columns.open[bar] as number, columns.high[bar] as number, columns.low[bar] as number, columns.close[bar] as number);
        maxPrice = Math.max(maxPrice, columns.open[bar] as number, columns.high[bar] as number, columns.low[bar] as number, columns.close[bar] as number);
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
