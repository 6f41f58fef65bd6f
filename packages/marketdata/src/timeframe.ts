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

/**
 * The typical distance between consecutive bars: the median of the differences (the lower middle
 * one when their count is even), immune to weekends, holidays and holes. 0 with fewer than 2 bars.
 */
function typicalSpacing(times: Iterable<Float64Array>): number {
  const counts = new Map<number, number>();
  const n = forEachStep(times, (step) => counts.set(step, (counts.get(step) ?? 0) + 1));
  const middle = Math.floor((n - 2) / 2);
  let seen = 0;
  for (const step of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(step)!;
    if (seen > middle) return step;
  }
  return 0;
}

/**
 * Refuses bars whose typical spacing is not the chosen timeframe's. The common case, a match, is
 * settled by counting the steps shorter than and equal to the expected one.
 */
export function assertTimeframe(times: Iterable<Float64Array>, timeframe: Timeframe): void {
  const expected = SPACING[timeframe];
  let shorter = 0;
  let equal = 0;
  let n = 0;
  // Loops written out rather than through forEachStep: they run over every bar of every upload.
  let previous = NaN;
  for (const slab of times) {
    for (let i = 0; i < slab.length; i++) {
      // NaN for the first bar, which so counts as neither.
      const step = slab[i]! - previous;
      if (step < expected) shorter++;
      else if (step === expected) equal++;
      previous = slab[i]!;
    }
    n += slab.length;
  }
  const middle = Math.floor((n - 2) / 2);
  if (n < 2 || (shorter <= middle && shorter + equal > middle)) return;
  throw new CsvImportError(
    'timeframe-mismatch',
    `Il file contiene barre da ${describeSpacing(typicalSpacing(times))} ma è stato scelto il timeframe ${timeframe}.`,
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

/** Calls back with each step between consecutive times, across slabs; answers how many times there were. */
function forEachStep(times: Iterable<Float64Array>, onStep: (step: number) => void): number {
  let count = 0;
  let previous = NaN;
  for (const slab of times) {
    for (let i = 0; i < slab.length; i++) {
      const t = slab[i]!;
      if (count > 0) onStep(t - previous);
      previous = t;
      count++;
    }
  }
  return count;
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
