// What the jobs, the bots and the services need of the stored prices, behind an interface so that
// they do not depend on how bars are stored (Arrow files on a local or shared volume).
import type { Market, Timeframe } from '@platform/contracts';
import { DAY_MS, lowerBound, sliceBars, type Bars } from '@platform/engine';

export interface PriceHistory {
  /** The whole stored set, or null when the market has none for the timeframe. */
  loadBars(market: Market, timeframe: Timeframe): Promise<Bars | null>;
}

export interface MarketCoverage {
  /** First and last stored bar times (ISO) of a set, or null when there is none. */
  coverage(market: Market, timeframe: Timeframe): Promise<{ first: string; last: string } | null>;
}

/** The bars with t in [from 00:00:00.000 UTC, to 23:59:59.999 UTC] (engine.md section 2). */
export function barsInPeriod(bars: Bars, fromDay: string, toDay: string): Bars {
  const start = lowerBound(bars.t, Date.parse(`${fromDay}T00:00:00Z`));
  const end = lowerBound(bars.t, Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  return sliceBars(bars, start, end);
}

/** Whether the stored span [first, last] meets the period at all. */
export function coversPeriod(
  coverage: { first: string; last: string } | null,
  fromDay: string,
  toDay: string,
): boolean {
  if (!coverage) return false;
  return (
    Date.parse(coverage.first) < Date.parse(`${toDay}T00:00:00Z`) + DAY_MS &&
    Date.parse(coverage.last) >= Date.parse(`${fromDay}T00:00:00Z`)
  );
}
