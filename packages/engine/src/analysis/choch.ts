// Change of character (engine.md section 7, fine points 24-25) on hourly bars resampled from the
// input: swings need three bars on each side; a close beyond the latest known unbroken swing
// against the trend is a ChoCh, measured from the swing to the opposite extreme up to the break.
import type { Bars } from '../bars';
import { RunningSummary } from './summary';

const HOUR_MS = 3_600_000;
const SWING_SIDE = 3;

export interface HourlyBars {
  h: number[];
  l: number[];
  c: number[];
}

/** UTC hours holding bars only: first open, highest high, lowest low, last close. */
export function hourly(bars: Bars): HourlyBars {
  const result: HourlyBars = { h: [], l: [], c: [] };
  let hour = Number.NaN;
  for (let index = 0; index < bars.t.length; index++) {
    const barHour = Math.floor((bars.t[index] as number) / HOUR_MS);
    const high = bars.h[index] as number;
    const low = bars.l[index] as number;
    const last = result.h.length - 1;
    if (barHour !== hour) {
      hour = barHour;
      result.h.push(high);
      result.l.push(low);
      result.c.push(bars.c[index] as number);
    } else {
      if (high > (result.h[last] as number)) result.h[last] = high;
      if (low < (result.l[last] as number)) result.l[last] = low;
      result.c[last] = bars.c[index] as number;
    }
  }
  return result;
}

function isSwingHigh(h: number[], index: number): boolean {
  const value = h[index] as number;
  for (let offset = 1; offset <= SWING_SIDE; offset++) {
    if (!(value > (h[index - offset] as number)) || !(value >= (h[index + offset] as number))) return false;
  }
  return true;
}

function isSwingLow(l: number[], index: number): boolean {
  const value = l[index] as number;
  for (let offset = 1; offset <= SWING_SIDE; offset++) {
    if (!(value < (l[index - offset] as number)) || !(value <= (l[index + offset] as number))) return false;
  }
  return true;
}

/** The ChoCh diffs in points. */
export function chochDiffs(bars: Bars, point: number): RunningSummary {
  const diffs = new RunningSummary();
  const { h, l, c } = hourly(bars);
  const count = h.length;
  // Known, unbroken swings, most recent last: the candidate is the top of each stack.
  const highs: number[] = [];
  const lows: number[] = [];
  let trend: 'none' | 'bullish' | 'bearish' = 'none';

  for (let index = 0; index < count; index++) {
    const swing = index - SWING_SIDE;
    if (swing >= SWING_SIDE) {
      if (isSwingHigh(h, swing)) highs.push(swing);
      if (isSwingLow(l, swing)) lows.push(swing);
    }
    const close = c[index] as number;

    const high = highs.at(-1);
    if (high !== undefined && close > (h[high] as number)) {
      highs.pop();
      if (trend === 'bearish') {
        let lowest = Infinity;
        for (let bar = high; bar <= index; bar++) lowest = Math.min(lowest, l[bar] as number);
        diffs.add(((h[high] as number) - lowest) / point);
      }
      trend = 'bullish';
    }

    const low = lows.at(-1);
    if (low !== undefined && close < (l[low] as number)) {
      lows.pop();
      if (trend === 'bullish') {
        let highest = -Infinity;
        for (let bar = low; bar <= index; bar++) highest = Math.max(highest, h[bar] as number);
        diffs.add((highest - (l[low] as number)) / point);
      }
      trend = 'bearish';
    }
  }
  return diffs;
}
