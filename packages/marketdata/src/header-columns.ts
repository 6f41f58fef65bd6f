/**
 * Columns found by their header names, since exports do not agree on the order (yfinance writes
 * `Date,Open,Close,High,Low,Volume,Adj Close`). Volume and adjusted close are not read: a stored
 * bar is (t, o, h, l, c).
 */
import { type CsvColumns } from './csv-format';

/** A date and time together, or a date alone. */
const TIME_NAMES = new Set([
  'time',
  'timestamp',
  'datetime',
  'date time',
  'date/time',
  'gmt time',
  'local time',
  'time (utc)',
  'open time',
  'date',
  'day',
  'data',
  'data ora',
  'data/ora',
]);
/** The date part when the time of day has a column of its own. */
const DATE_NAMES = new Set(['date', 'day', 'data', 'dtyyyymmdd']);
const CLOCK_NAMES = new Set(['time', 'ora', 'hour']);
const PRICE_NAMES = {
  open: new Set(['open', 'o', 'open price', 'bid open', 'apertura']),
  high: new Set(['high', 'h', 'high price', 'bid high', 'max', 'massimo']),
  low: new Set(['low', 'l', 'low price', 'bid low', 'min', 'minimo']),
  close: new Set(['close', 'c', 'close price', 'bid close', 'last', 'chiusura']),
};

/** `<TICKVOL>` -> `tickvol`, ` Gmt  time ` -> `gmt time`, `tick_volume` -> `tick volume`. */
function normalizeHeaderName(name: string): string {
  return name
    .replace(/[<>"]/g, '')
    .replace(/[\s_]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether a header line names at least one price column. */
export function looksLikeHeader(names: readonly string[]): boolean {
  return names.some((name) => Object.values(PRICE_NAMES).some((set) => set.has(normalizeHeaderName(name))));
}

/** The columns named by a header, or the roles it lacks (in English names, as users see them in exports). */
export function columnsFromHeader(names: readonly string[]): CsvColumns | { missing: string[] } {
  const normalized = names.map(normalizeHeaderName);
  const find = (set: ReadonlySet<string>, skip = -1): number =>
    normalized.findIndex((n, i) => i !== skip && set.has(n));

  let time = -1;
  let clock = -1;
  const date = find(DATE_NAMES);
  const separateClock = date >= 0 ? find(CLOCK_NAMES, date) : -1;
  if (separateClock >= 0) {
    time = date;
    clock = separateClock;
  } else {
    time = find(TIME_NAMES);
  }
  const columns = {
    time,
    clock,
    open: find(PRICE_NAMES.open),
    high: find(PRICE_NAMES.high),
    low: find(PRICE_NAMES.low),
    close: find(PRICE_NAMES.close),
  };
  const missing = (['time', 'open', 'high', 'low', 'close'] as const).filter((role) => columns[role] < 0);
  return missing.length > 0 ? { missing } : columns;
}
