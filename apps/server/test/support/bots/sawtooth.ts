// Bars a grid trades on quickly: a GOLD sawtooth whose every tooth opens and closes a cycle.
import type { Bars } from '@platform/engine';

/**
 * GOLD bars in teeth of 20: ten bars down 0.7 (two averaging levels of the default 3.0 grid
 * fill), ten up 1.1 (the take profit, 3.05 above the cycle's start, is reached): a cycle every
 * tooth, about five a second at the test's speed.
 */
export function sawtooth(teeth: number): Bars {
  const count = teeth * 20;
  const bars: Bars = {
    t: new Float64Array(count),
    o: new Float64Array(count),
    h: new Float64Array(count),
    l: new Float64Array(count),
    c: new Float64Array(count),
  };
  let price = 2000;
  const start = Date.UTC(2025, 0, 6);
  for (let index = 0; index < count; index++) {
    const move = index % 20 < 10 ? -0.7 : 1.1;
    const close = Math.round((price + move) * 100) / 100;
    bars.t[index] = start + index * 60_000;
    bars.o[index] = price;
    bars.c[index] = close;
    bars.h[index] = Math.max(price, close) + 0.05;
    bars.l[index] = Math.min(price, close) - 0.05;
    price = close;
  }
  return bars;
}
