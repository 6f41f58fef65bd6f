// Test bars from readable rows: [open, high, low, close], one minute apart from a fixed day.
import type { Bars } from '../src/bars';

export const START = Date.UTC(2024, 0, 2, 9, 0);

export function barsOf(
  rows: readonly (readonly [number, number, number, number])[],
  start = START,
  stepMs = 60_000,
): Bars {
  const bars: Bars = {
    t: new Float64Array(rows.length),
    o: new Float64Array(rows.length),
    h: new Float64Array(rows.length),
    l: new Float64Array(rows.length),
    c: new Float64Array(rows.length),
  };
  rows.forEach(([open, high, low, close], index) => {
    bars.t[index] = start + index * stepMs;
    bars.o[index] = open;
    bars.h[index] = high;
    bars.l[index] = low;
    bars.c[index] = close;
  });
  return bars;
}
