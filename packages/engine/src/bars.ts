/** 1-minute or daily bars as columns: t is the UTC open time in ms; prices are bid prices. */
export interface Bars {
  t: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
}

export const DAY_MS = 86_400_000;

export const utcDay = (timeMs: number) => Math.floor(timeMs / DAY_MS);

/** The bars with index in [start, end). Views, not copies. */
export function sliceBars(bars: Bars, start: number, end: number): Bars {
  return {
    t: bars.t.subarray(start, end),
    o: bars.o.subarray(start, end),
    h: bars.h.subarray(start, end),
    l: bars.l.subarray(start, end),
    c: bars.c.subarray(start, end),
  };
}

/** First index whose time is >= timeMs (binary search over the sorted times). */
export function lowerBound(times: Float64Array, timeMs: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < timeMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The bars on shared memory, so worker threads read them without a copy: as they are when every
 * column already is (the bar store reads them so), else copied once into one shared buffer.
 */
export function shareBars(bars: Bars): Bars {
  const columns = [bars.t, bars.o, bars.h, bars.l, bars.c];
  if (columns.every((column) => column.buffer instanceof SharedArrayBuffer)) return bars;
  const count = bars.t.length;
  const buffer = new SharedArrayBuffer(count * 8 * columns.length);
  const [t, o, h, l, c] = columns.map((column, k) => {
    const copy = new Float64Array(buffer, k * count * 8, count);
    copy.set(column);
    return copy;
  }) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
  return { t, o, h, l, c };
}
