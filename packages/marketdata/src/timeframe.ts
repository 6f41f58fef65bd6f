/**
 * What a timeframe asks of a series of bars: the spacing a file must show to be accepted as that
 * timeframe, and how far apart two bars must be to count as a gap rather than a weekend. The
 * times come as consecutive slabs (an import holds them in chunks), one array being one slab.
 */
import { CsvImportError } from './import-error';

export type Timeframe = '1m' | '1d';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SPACING: Record<Timeframe, number> = { '1m': MINUTE, '1d': DAY };

/**
 * Longer than a weekend. 1m: Friday's close to Sunday's open is about 48 h for FX and about 66 h
 * for an index's regular session, so past 72 h something is missing. 1d: Friday to Monday is
 * 3 days, a weekend with a holiday 4, so past 4 days bars are missing (Easter's Good Friday plus
 * Monday, when both are closed, shows up as a gap).
 */
const GAP_OVER: Record<Timeframe, number> = { '1m': 72 * HOUR, '1d': 4 * DAY };

export interface Gap {
  /** Open time of the last bar before the gap (ISO UTC). */
  from: string;
  /** Open time of the first bar after it (ISO UTC). */
  to: string;
}

/** Bars at least this far apart throughout are daily or longer: their steps count in whole days. */
const DAILY_STEP = 20 * HOUR;

/**
 * The spacing the bars share: the largest step that every step between consecutive bars is a
 * multiple of (their greatest common divisor), 0 with fewer than 2 bars. Older or thinly traded
 * 1m history has minutes with no bar, but wherever two bars are one minute apart the spacing is
 * 1 minute, however sparse the file; a 5-minute file's steps are all multiples of 5 minutes, so
 * its spacing is 5 minutes (a median would take a sparse 1m file for a 2- or 3-minute one).
 * When every step is at least 20 hours, steps are rounded to whole days first: daily bars written
 * in local time move by an hour with the clock change (23 or 25 hours apart).
 */
export function barSpacing(times: Iterable<Float64Array>): number {
  let exact = 0;
  let days = 0;
  let shortest = Infinity;
  let previous = NaN;
  let lastStep = NaN;
  // Written out rather than through a callback: this runs over every bar of every upload.
  for (const slab of times) {
    for (let i = 0; i < slab.length; i++) {
      const step = slab[i]! - previous;
      previous = slab[i]!;
      // Most steps repeat the one before (NaN for the first bar, which has none).
      if (step === lastStep || Number.isNaN(step)) continue;
      lastStep = step;
      if (step < shortest) shortest = step;
      exact = greatestCommonDivisor(exact, step);
      if (step >= DAILY_STEP) days = greatestCommonDivisor(days, Math.round(step / DAY) * DAY);
    }
  }
  return shortest >= DAILY_STEP ? days : exact;
}

/** Refuses bars whose spacing (see barSpacing) is not the chosen timeframe's. */
export function assertTimeframe(times: Iterable<Float64Array>, timeframe: Timeframe): void {
  const spacing = barSpacing(times);
  if (spacing === 0 || spacing === SPACING[timeframe]) return;
  throw new CsvImportError(
    'timeframe-mismatch',
    `Il file contiene barre da ${describeSpacing(spacing)} ma è stato scelto il timeframe ${timeframe}.`,
  );
}

export function findGaps(times: Iterable<Float64Array>, timeframe: Timeframe): Gap[] {
  const gaps: Gap[] = [];
  const over = GAP_OVER[timeframe];
  let previous = NaN;
  for (const slab of times) {
    for (let i = 0; i < slab.length; i++) {
      const t = slab[i]!;
      if (t - previous > over)
        gaps.push({ from: new Date(previous).toISOString(), to: new Date(t).toISOString() });
      previous = t;
    }
  }
  return gaps;
}

/** Of two whole numbers of milliseconds (exact: below 2^53). */
function greatestCommonDivisor(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

/** `1 minuto`, `5 minuti`, `1 ora`, `4 ore`, `1 giorno`, `7 giorni`, `30 secondi`. */
function describeSpacing(ms: number): string {
  const units: [number, string, string][] = [
    [DAY, 'giorno', 'giorni'],
    [HOUR, 'ora', 'ore'],
    [MINUTE, 'minuto', 'minuti'],
    [1000, 'secondo', 'secondi'],
  ];
  for (const [size, one, many] of units) {
    if (ms % size === 0) return ms === size ? `1 ${one}` : `${ms / size} ${many}`;
  }
  return `${ms} ms`;
}
