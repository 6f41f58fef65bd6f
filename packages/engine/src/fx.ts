// Money is reported in EUR (engine.md section 1): a USD amount realised on UTC day d is divided
// by fx(d), the last EURUSD close strictly before d, or 1.0 when no EURUSD data covers d.
import { utcDay } from './bars';

export interface FxCurve {
  /** EURUSD rate to use for an amount realised on the UTC day (days since the epoch). */
  rateOnDay(day: number): number;
  /** True when some day had to use the 1.0 fallback. */
  readonly usedFallback: boolean;
}

/** A curve that is 1.0 everywhere (no EURUSD data). */
export function fallbackFx(): FxCurve {
  return { rateOnDay: () => 1, usedFallback: true };
}

/**
 * Builds fx(d) from EURUSD closes (daily bars, or 1m bars when no daily data covers the day):
 * for each day, the last close of a bar whose day is strictly before d.
 */
export function fxFromCloses(times: Float64Array, closes: Float64Array): FxCurve {
  let usedFallback = false;
  const lastDay = times.length > 0 ? utcDay(times[times.length - 1] as number) : 0;
  const firstDay = times.length > 0 ? utcDay(times[0] as number) : 0;
  // rate[d - firstDay - 1] = last close of day d-1 or earlier; computed once, read in O(1).
  const rates = new Float64Array(Math.max(0, lastDay - firstDay + 1));
  let index = 0;
  let lastClose = Number.NaN;
  for (let day = firstDay; day <= lastDay; day++) {
    while (index < times.length && utcDay(times[index] as number) === day) {
      lastClose = closes[index] as number;
      index++;
    }
    rates[day - firstDay] = lastClose;
  }
  return {
    rateOnDay(day) {
      const before = day - 1 - firstDay;
      if (before < 0) {
        usedFallback = true;
        return 1;
      }
      return rates[Math.min(before, rates.length - 1)] as number;
    },
    get usedFallback() {
      return usedFallback;
    },
  };
}
