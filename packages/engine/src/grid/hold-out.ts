// Out of sample (issue 36, point 6): where a range's period is split between the bars its rows are
// computed and ranked on and the bars held back to test them on. The split is a bar index: the
// last `percent` of the bars (rounded to whole bars), moved back to the start of that bar's UTC
// day, so that the held-back part is a period of whole days a customer can run alone as a single
// backtest and get the same row. A period of one day splits at the bar itself.
import { utcDay } from '../bars';

/**
 * The index of the first held-back bar, or `times.length` when nothing is held back (percent 0,
 * or too few bars to leave some on each side).
 */
export function holdOutSplit(times: Float64Array, percent: number): number {
  const count = times.length;
  const heldBack = Math.round((count * percent) / 100);
  if (!(heldBack > 0) || heldBack >= count) return count;
  const split = count - heldBack;
  const day = utcDay(times[split] as number);
  let start = split;
  while (start > 0 && utcDay(times[start - 1] as number) === day) start--;
  return start > 0 ? start : split;
}
