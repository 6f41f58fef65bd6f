/**
 * Columns found by their header names, since exports do not agree on the order (yfinance writes
 * `Date,Open,Close,High,Low,Volume,Adj Close`; investing.com writes the close second, as `Price`,
 * `Ultimo`, `Zuletzt`... in the language of the site it came from; nasdaq.com writes
 * `Date,Close/Last,Volume,Open,High,Low`). Volume, change and adjusted close are not read: a stored
 * bar is (t, o, h, l, c). Names are compared without the marks sites add around them: `<CLOSE>`,
 * Yahoo's `Close*` and `Adj Close**`, a unit in brackets (`Close ($)`, `Open (USD)`).
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
  'date and time',
  // Unix time (CryptoDataDownload's `unix`, generic `epoch`).
  'unix',
  'unix time',
  'unix timestamp',
  'epoch',
  'day',
  'data',
  'data ora',
  'data/ora',
  'data e ora',
  'giorno',
  // investing.com in Spanish, German, Turkish, Russian, Japanese and Chinese.
  'fecha',
  'datum',
  'tarih',
  'дата',
  '日付け',
  '日付',
  '日期',
]);
/** The date part when the time of day has a column of its own. */
const DATE_NAMES = new Set(['date', 'day', 'data', 'giorno', 'dtyyyymmdd', 'fecha', 'datum']);
const CLOCK_NAMES = new Set(['time', 'ora', 'hour', 'orario']);
/**
 * English, Italian, then the names of investing.com's Historical Data in its other languages
 * (Spanish, Portuguese, German, French, Turkish, Russian, Japanese, Chinese), written as the
 * site writes them, abbreviation dots included.
 */
const PRICE_NAMES = {
  open: new Set([
    ...[
      'open',
      'o',
      'open price',
      'opening price',
      'bid open',
      'apertura',
      'prezzo di apertura',
      'prezzo apertura',
    ],
    ...['abertura', 'eröffnung', 'eröffn.', 'ouverture', 'ouv.', 'açılış', 'откр.', '始値', '开盘'],
  ]),
  high: new Set([
    ...['high', 'h', 'high price', 'highest price', 'day high', 'bid high', 'max', 'massimo'],
    ...['prezzo massimo', 'max giornaliero'],
    ...['máximo', 'máxima', 'maximo', 'maxima', 'hoch', 'plus haut', 'haut', 'yüksek', 'макс.', '高値', '高'],
  ]),
  low: new Set([
    ...['low', 'l', 'low price', 'lowest price', 'day low', 'bid low', 'min', 'minimo'],
    ...['prezzo minimo', 'min giornaliero'],
    ...['mínimo', 'mínima', 'minima', 'tief', 'plus bas', 'bas', 'düşük', 'мин.', '安値', '低'],
  ]),
  close: new Set([
    ...['close', 'c', 'close price', 'closing price', 'bid close', 'last', 'last price', 'close/last'],
    ...['price', 'chiusura', 'prezzo di chiusura', 'prezzo chiusura', 'ultimo', 'ultimo prezzo', 'prezzo'],
    ...['último'],
    ...['cierre', 'fechamento', 'schluss', 'zuletzt', 'dernier', 'clôture', 'şimdi', 'цена', '終値', '收盘'],
  ]),
};

/**
 * `<TICKVOL>` -> `tickvol`, ` Gmt  time ` -> `gmt time`, `tick_volume` -> `tick volume`,
 * `Close*` -> `close`, `Close ($)` -> `close`, `Close / Last` -> `close/last`.
 */
function normalizeHeaderName(name: string): string {
  return name
    .replace(/[<>"*]/g, '')
    .replace(/\s*[([][^)\]]*[)\]]\s*$/, '')
    .replace(/\s*\/\s*/g, '/')
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

/**
 * Exports whose header tells how their dates are written: Dukascopy's (`Gmt time`, `Local time`)
 * day first (`14.03.2019`); investing.com's Historical Data, in any of its languages (the date,
 * then the close, then open, high and low), month first in English (the close named `Price`,
 * `07/03/2025` being July 3rd) and in the language's own way in the others, which its header
 * does not tell.
 */
export type HeaderLayout = 'dukascopy' | 'investing-english' | 'investing' | 'plain';

const DUKASCOPY_TIME_NAMES = new Set(['gmt time', 'local time']);

export function headerLayout(names: readonly string[], columns: CsvColumns): HeaderLayout {
  const name = (index: number): string => normalizeHeaderName(names[index] ?? '');
  if (DUKASCOPY_TIME_NAMES.has(name(columns.time))) return 'dukascopy';
  if (columns.time !== 0 || columns.clock >= 0 || columns.close !== 1 || columns.open !== 2) return 'plain';
  return name(columns.close) === 'price' ? 'investing-english' : 'investing';
}

/**
 * Columns other than the time (and its clock) that a header names as a time or a date, as in
 * CryptoDataDownload's `unix,date,...`: a second date that may repeat the first.
 */
export function otherTimeColumns(names: readonly string[], columns: CsvColumns): number[] {
  const found: number[] = [];
  names.forEach((raw, index) => {
    const name = normalizeHeaderName(raw);
    if (index === columns.time || index === columns.clock) return;
    if (TIME_NAMES.has(name) || DATE_NAMES.has(name)) found.push(index);
  });
  return found;
}

/** The English names of the close, as in PRICE_NAMES.close. */
const ENGLISH_CLOSE_NAMES = new Set([
  'close',
  'c',
  'close price',
  'closing price',
  'bid close',
  'last',
  'last price',
  'close/last',
  'price',
]);

/** Whether the header names the close in English (the language of the decimal point). */
export function namesCloseInEnglish(names: readonly string[], columns: CsvColumns): boolean {
  return ENGLISH_CLOSE_NAMES.has(normalizeHeaderName(names[columns.close] ?? ''));
}

/** Whether a column name is one of a time or a date (`Date`, `Datetime`, `Data`...). */
export function isTimeName(name: string): boolean {
  const normalized = normalizeHeaderName(name);
  return TIME_NAMES.has(normalized) || DATE_NAMES.has(normalized);
}
