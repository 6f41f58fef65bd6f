// Volatility (engine.md section 7, fine point 20): for each UTC day holding bars, the day's range
// (highest high − lowest low) in points; mean, min and max over the days.
import { utcDay, type Bars } from '../bars';
import { RunningSummary, type Summary } from './summary';

export function dailyVolatility(bars: Bars, point: number): Summary {
  const summary = new RunningSummary();
  const count = bars.t.length;
  let day = Number.NaN;
  let high = -Infinity;
  let low = Infinity;
  for (let index = 0; index < count; index++) {
    const barDay = utcDay(bars.t[index] as number);
    if (barDay !== day) {
      if (index > 0) summary.add((high - low) / point);
      day = barDay;
      high = -Infinity;
      low = Infinity;
    }
    const barHigh = bars.h[index] as number;
    const barLow = bars.l[index] as number;
    if (barHigh > high) high = barHigh;
    if (barLow < low) low = barLow;
  }
  if (count > 0) summary.add((high - low) / point);
  return summary.result();
}
