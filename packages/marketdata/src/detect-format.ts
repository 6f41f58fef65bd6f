/**
 * Which kind of price file this is, from its first few kilobytes: the separator, whether the first
 * line is a header (and whether title lines stand above it or name lines under it), which column
 * holds what (a leading row index is skipped, a second date column is checked against the first),
 * how the dates and the numbers are written, in which clock, and whether daily bars are labelled
 * by their date. The guess is then proved by reading the sample's rows with it; a file whose rows
 * cannot be read is refused here, with the reason, before any of it is imported. Only a day/month
 * order the sample leaves open is settled later, by the importer (settle-date-order.ts). One broken
 * row among the first does not sway any of this: it is refused as a row, by its line.
 */
import {
  type CsvColumns,
  type CsvDialect,
  type CsvFormat,
  type DateOrder,
  type EchoColumn,
} from './csv-format';
import {
  columnsFromHeader,
  type HeaderLayout,
  headerLayout,
  looksLikeHeader,
  isTimeName,
  namesCloseInEnglish,
  otherTimeColumns,
} from './header-columns';
import { CsvImportError } from './import-error';
import { decimalHint, numberStyle } from './number-style';
import { TimestampReader } from './parse-timestamp';
import { INVALID_DATE, MISSING_COLUMNS, NOT_A_NUMBER, REJECTION_REASONS, RowReader } from './read-row';
import { sameBarTime } from './same-bar-time';
import { splitFields } from './split-fields';

/** How much of the file detection looks at; importCsv reads this much before choosing. */
export const SAMPLE_BYTES = 16 * 1024;
const SAMPLE_LINES = 50;
/** Tab and semicolon first: with them a comma is a decimal comma, not a separator. */
const SEPARATORS = ['\t', ';', '|', ','];
/** time, open, high, low, close */
const MIN_FIELDS = 5;

const CLOCK_FIELD = /^\d{1,2}:\d{2}(:\d{2})?$/;
/** A row number written before the date by pandas' `to_csv()` without a header line. */
const INDEX_FIELD = /^\d{1,7}$/;

interface DateShape {
  dialect: CsvDialect;
  order: DateOrder;
  epochUnitMs: number;
}

export function detectFormat(sample: string): CsvFormat {
  const text = sample.replace(/^\uFEFF/, '');
  const crLineEnds = !text.includes('\n') && text.includes('\r');
  const lines = text
    .split(crLineEnds ? '\r' : '\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => /[^\s",;|]/.test(line))
    .slice(0, SAMPLE_LINES);
  if (lines.length === 0) refuse('il file è vuoto.');
  if (/Status Report/i.test(text) && /^Gap of /m.test(text)) {
    throw new CsvImportError(
      'not-a-price-file',
      'Il file non contiene prezzi: è il rapporto dei buchi (gap) che HistData.com allega ai dati. Caricare il file .csv con le barre.',
    );
  }

  // A title above the table (CryptoDataDownload's `https://www.CryptoDataDownload.com`): not a row.
  const preambleLines = countPreamble(lines);
  const tableLines = lines.slice(preambleLines);
  const quotedLines = tableLines.slice(0, 2).every((line) => /^"[^"]*"$/.test(line.trim()));
  const unquoted = quotedLines ? tableLines.map((line) => line.trim().slice(1, -1)) : tableLines;
  const separator = chooseSeparator(unquoted);
  const rows = unquoted.map((line) => splitFields(line, separator));
  const firstRow = rows[0]!;

  const startsWithDate = (row: readonly string[]): boolean => dateShape(row[0] ?? '') !== null;
  // `0,2019-01-02,...`: a leading index column without a header line; its numbers are not read.
  const isIndexedRow = (row: readonly string[]): boolean =>
    INDEX_FIELD.test(row[0] ?? '') && dateShape(row[1] ?? '') !== null && !looksLikeHeader(row);
  const isRow = (row: readonly string[]): boolean => startsWithDate(row) || isIndexedRow(row);
  // Starts with a number but is not a row, above rows: a broken first row, refused as a row of its
  // own. A line of names that are not known stays a header, and the file is refused for it.
  const brokenFirstRow =
    !isRow(firstRow) &&
    /^\d/.test(firstRow[0] ?? '') &&
    !looksLikeHeader(firstRow) &&
    mostly(rows.slice(1), isRow);
  const model = brokenFirstRow ? (rows.slice(1).find(isRow) ?? firstRow) : firstRow;
  const indexed = isIndexedRow(model);
  const hasHeader = !indexed && !brokenFirstRow && !startsWithDate(firstRow);
  let columns: CsvColumns;
  let layout: HeaderLayout = 'plain';
  let timeColumns: number[] = [];
  /** Whether the header names the prices in English; null without a header. */
  let englishNames: boolean | null = null;
  const subheaderLines = hasHeader ? countSubheaders(firstRow, rows.slice(1, 1 + MAX_SUBHEADERS)) : 0;
  if (hasHeader) {
    if (!looksLikeHeader(firstRow)) {
      refuse(
        `la prima colonna («${clip(firstRow[0] ?? '')}») non è una data e la prima riga non è un'intestazione.`,
      );
    }
    const names = withSubheaderTime(firstRow, rows.slice(1, 1 + subheaderLines));
    const found = columnsFromHeader(withUnnamedTime(names, rows.slice(1 + subheaderLines)));
    if ('missing' in found) {
      refuse(
        `nell'intestazione mancano le colonne ${found.missing.join(', ')} (trovate: ${firstRow.map(clip).join(', ')}).`,
      );
    }
    columns = found;
    layout = headerLayout(names, columns);
    timeColumns = otherTimeColumns(names, columns);
    englishNames = namesCloseInEnglish(names, columns);
  } else {
    const time = indexed ? 1 : 0;
    const clock = CLOCK_FIELD.test(model[time + 1] ?? '') ? time + 1 : -1;
    const first = clock < 0 ? time + 1 : clock + 1;
    columns = { time, clock, open: first, high: first + 1, low: first + 2, close: first + 3 };
  }

  const headerLines = hasHeader ? 1 + subheaderLines : 0;
  const dataRows = rows.slice(headerLines);
  if (dataRows.length === 0) {
    throw new CsvImportError(
      'no-valid-rows',
      "Il file contiene solo l'intestazione, nessuna riga di prezzi.",
    );
  }
  const dateFields = dataRows.map((row) => row[columns.time] ?? '');
  // The first date of a known shape: one damaged row at the top does not decide for the file.
  const shape = dateFields.map(dateShape).find((found) => found !== null);
  if (!shape) refuse(`la data «${clip(dateFields[0]!)}» non è in una forma conosciuta.`);
  let dateOrder = shape.order === 'unsettled' ? dayMonthOrder(layout, dateFields) : shape.order;
  const primary = { dateOrder, epochUnitMs: shape.epochUnitMs, utcOffsetMinutes: 0 };
  let echo: EchoColumn | null = null;
  for (const column of timeColumns) {
    const found = echoOf(column, columns, dataRows, primary);
    if (found === null) continue;
    echo = found.echo;
    dateOrder = found.dateOrder;
    break;
  }
  const dialect = chooseDialect(shape.dialect, dateOrder, layout, hasHeader);

  const { time, clock, open, high, low, close } = columns;
  const numbers = dataRows.flatMap((row) =>
    row.filter((_, index) => index !== time && index !== clock && !timeColumns.includes(index)),
  );
  const prices = dataRows.flatMap((row) => [row[open], row[high], row[low], row[close]].map((f) => f ?? ''));
  const format: CsvFormat = {
    dialect,
    separator,
    hasHeader,
    quotedLines,
    ...numberStyle(numbers, prices, decimalHint(prices, englishNames, separator)),
    crLineEnds,
    columns,
    echo,
    dateOrder,
    layoutDateOrder: layout === 'investing-english' ? 'mdy' : null,
    epochUnitMs: shape.epochUnitMs,
    utcOffsetMinutes: dialect === 'histdata' ? -5 * 60 : 0,
    dateLabels: false,
    preambleLines,
    subheaderLines,
    timezone: '',
  };
  format.dateLabels = labelledByDate(format, dataRows);
  format.timezone = describeClock(format, dateFields[0]!);
  proveOnSample(format, tableLines.slice(headerLines));
  return format;
}

type TimeReading = Pick<CsvFormat, 'dateOrder' | 'epochUnitMs' | 'utcOffsetMinutes'>;

/** The time of a sampled row, NaN when it does not read; `reader.timeOfDay` tells its time of day as written. */
function readTime(reader: TimestampReader, row: readonly string[], time: number, clock: number): number {
  const encoder = new TextEncoder();
  const date = encoder.encode(row[time] ?? '');
  if (clock < 0) return reader.read(date, 0, date.length);
  const joined = new Uint8Array([...date, 0x20, ...encoder.encode(row[clock] ?? '')]);
  return reader.readSplit(joined, 0, date.length, date.length + 1, joined.length);
}

/**
 * A second column named as a time (`unix` beside `date`) that repeats the bar's time on the sampled
 * rows where both read (three in four at least: a broken row in the sample does not hide it), in
 * the one way of reading it that agrees best; it then also settles a day/month order the first
 * column left open. Null when it is something else (a local time beside GMT, a close time): such
 * a column is not read.
 */
function echoOf(
  column: number,
  columns: CsvColumns,
  dataRows: readonly string[][],
  primary: TimeReading,
): { echo: EchoColumn; dateOrder: DateOrder } | null {
  const shape = dataRows.map((row) => dateShape(row[column] ?? '')).find((found) => found !== null);
  if (!shape) return null;
  const orders = (order: DateOrder): ('ymd' | 'dmy' | 'mdy')[] =>
    order === 'unsettled' ? ['dmy', 'mdy'] : [order];
  let best = 0;
  let winners: { primaryOrder: 'ymd' | 'dmy' | 'mdy'; echoOrder: 'ymd' | 'dmy' | 'mdy' }[] = [];
  for (const primaryOrder of orders(primary.dateOrder)) {
    for (const echoOrder of orders(shape.order)) {
      const first = new TimestampReader({ ...primary, dateOrder: primaryOrder });
      const second = new TimestampReader({
        dateOrder: echoOrder,
        epochUnitMs: shape.epochUnitMs,
        utcOffsetMinutes: 0,
      });
      let compared = 0;
      let agreeing = 0;
      for (const row of dataRows) {
        const a = readTime(first, row, columns.time, columns.clock);
        const b = readTime(second, row, column, -1);
        if (Number.isNaN(a) || Number.isNaN(b)) continue;
        compared++;
        if (sameBarTime(a, b)) agreeing++;
      }
      if (agreeing === 0 || agreeing * 4 < compared * 3 || agreeing < best) continue;
      if (agreeing > best) winners = [];
      best = agreeing;
      winners.push({ primaryOrder, echoOrder });
    }
  }
  const echoOrders = new Set(winners.map((found) => found.echoOrder));
  const primaryOrders = new Set(winners.map((found) => found.primaryOrder));
  if (echoOrders.size !== 1) return null;
  return {
    echo: { column, dateOrder: winners[0]!.echoOrder, epochUnitMs: shape.epochUnitMs },
    dateOrder: primaryOrders.size === 1 ? winners[0]!.primaryOrder : primary.dateOrder,
  };
}

/**
 * Daily or longer bars labelled by date: at least two sampled rows, every one at midnight as
 * written (see CsvFormat.dateLabels). Unix times are instants, never labels.
 */
function labelledByDate(format: CsvFormat, dataRows: readonly string[][]): boolean {
  if (format.epochUnitMs > 0) return false;
  const reader = new TimestampReader(format);
  let midnights = 0;
  for (const row of dataRows) {
    const t = readTime(reader, row, format.columns.time, format.columns.clock);
    if (Number.isNaN(t)) continue;
    if (reader.timeOfDay !== 0) return false;
    midnights++;
  }
  return midnights >= 2;
}

/** Most lines of text before the table that are not a header or a row. */
const MAX_PREAMBLE = 3;
/** A title has no more fields than this (a web address, `Dati storici XAUUSD`, `Symbol: GOLD`). */
const MAX_TITLE_FIELDS = 2;

/**
 * How many lines at the top are a title rather than the table: lines that do not start with a
 * number and that no separator splits into more than two fields. 0 for almost every file.
 */
function countPreamble(lines: readonly string[]): number {
  const fields = (line: string): number =>
    Math.max(...SEPARATORS.map((candidate) => splitFields(line, candidate).length));
  for (let preamble = 0; preamble <= MAX_PREAMBLE && preamble < lines.length - 1; preamble++) {
    const line = lines[preamble]!;
    // A line that starts with a number is a row, if a broken one: it is refused, not skipped.
    if (fields(line) > MAX_TITLE_FIELDS || /^\s*"?\d/.test(line)) return preamble;
  }
  return 0;
}

/** Most lines under the header that say more about its columns. */
const MAX_SUBHEADERS = 2;

/**
 * How many lines under the header say more about its columns rather than hold a bar: yfinance's
 * `Ticker,GC=F,GC=F,...` and `Date,,,,,` under `Price,Close,High,Low,Open,Volume`. Such a line
 * has the header's number of fields, starts with a name, not a number or a date, and has no
 * number in any other field.
 */
function countSubheaders(header: readonly string[], rows: readonly string[][]): number {
  let count = 0;
  for (const row of rows) {
    const [first = '', ...others] = row;
    if (row.length !== header.length) break;
    if (first === '' || /^\d/.test(first) || dateShape(first) !== null) break;
    if (others.some((field) => /^[+-]?[$€£]?\d/.test(field))) break;
    count++;
  }
  return count;
}

/**
 * yfinance names the first column in a line of its own (`Date,,,,,`) and leaves `Price` above it,
 * the name of its column level: the time column's name is taken from that line.
 */
function withSubheaderTime(names: string[], subheaders: readonly string[][]): string[] {
  const named = subheaders.find(
    (row) => isTimeName(row[0] ?? '') && row.slice(1).every((field) => field === ''),
  );
  return named ? [named[0]!, ...names.slice(1)] : names;
}

/**
 * The header with an unnamed first column (pandas' `,Open,High,...` or `Unnamed: 0`) named as the
 * time when no other column is and that column holds dates: a DataFrame saved with its dates as
 * an index that lost its name.
 */
function withUnnamedTime(names: string[], dataRows: readonly string[][]): string[] {
  const unnamed = /^(unnamed: ?0|index)?$/i.test(names[0] ?? '');
  if (!unnamed || !('missing' in columnsFromHeader(names))) return names;
  if (!dataRows.some((row) => dateShape(row[0] ?? '') !== null)) return names;
  return ['time', ...names.slice(1)];
}

function refuse(reason: string): never {
  throw new CsvImportError('unknown-format', `Formato CSV non riconosciuto: ${reason}`);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** At least two items, three in four of them passing: one broken row does not sway detection. */
function mostly<T>(items: readonly T[], test: (item: T) => boolean): boolean {
  return items.length >= 2 && items.filter(test).length * 4 >= items.length * 3;
}

/**
 * The first separator, in priority order, that gives each of the first three lines at least five
 * fields; failing that (a broken row among them), the first that gives them to most sampled lines.
 */
function chooseSeparator(lines: readonly string[]): string {
  const splits = (candidate: string) => (line: string) => splitFields(line, candidate).length >= MIN_FIELDS;
  const separator =
    SEPARATORS.find((candidate) => lines.slice(0, 3).every(splits(candidate))) ??
    SEPARATORS.find((candidate) => lines.length >= 4 && mostly(lines, splits(candidate)));
  if (separator === undefined) {
    refuse(
      `nessun separatore (virgola, punto e virgola, tab) divide le righe in almeno ${MIN_FIELDS} colonne (data, open, high, low, close).`,
    );
  }
  return separator;
}

/**
 * How a date is written, from one field. A date with the day and the month in either order
 * (`02/01/2019`, `02.01.2019`) comes back 'unsettled', for dayMonthOrder to settle.
 */
function dateShape(field: string): DateShape | null {
  const calendar = (dialect: CsvDialect, order: DateOrder): DateShape => ({ dialect, order, epochUnitMs: 0 });
  if (/^\d{8} \d{6}$/.test(field)) return calendar('histdata', 'ymd');
  if (/^\d{8}$/.test(field)) return calendar('yyyymmdd', 'ymd');
  if (/^\d{11,13}(\.\d+)?$/.test(field)) return { dialect: 'unix-ms', order: 'ymd', epochUnitMs: 1 };
  if (/^\d{9,10}(\.\d+)?$/.test(field)) return { dialect: 'unix-s', order: 'ymd', epochUnitMs: 1000 };
  if (/^\d{4}\.\d{1,2}\.\d{1,2}(?!\d)/.test(field)) return calendar('metatrader', 'ymd');
  if (/^\d{4}([-/])\d{1,2}\1\d{1,2}(?!\d)/.test(field)) return calendar('iso', 'ymd');
  // Day and month either way, the year in four digits or in two (last: `02/01/19`, never `19/01/02`).
  if (/^\d{1,2}([-/.])\d{1,2}\1(\d{4}|\d{2})(?!\d)/.test(field)) return calendar('dmy', 'unsettled');
  if (/^[a-z]{3}\.? \d{1,2},? \d{4}(?!\d)/i.test(field)) return calendar('mdy', 'mdy');
  // `2-Jan-19`, `02-gen-2019`, `2 Jan 2019`: the month by name, so the order is known.
  if (/^\d{1,2}([- ])[a-z]{3}\.?\1(\d{4}|\d{2})(?!\d)/i.test(field)) return calendar('dmy', 'dmy');
  return null;
}

/**
 * Day or month first: Dukascopy writes the day first; otherwise the first date of the sample that
 * can only be read one way (a number above 12) settles it. When none does, the order stays
 * unsettled and the importer reads on (see settle-date-order.ts): intraday files show only their
 * first day or two in the sample.
 */
function dayMonthOrder(layout: HeaderLayout, dateFields: readonly string[]): DateOrder {
  if (layout === 'dukascopy') return 'dmy';
  const reader = new TimestampReader({ dateOrder: 'unsettled', epochUnitMs: 0, utcOffsetMinutes: 0 });
  const encoder = new TextEncoder();
  for (const field of dateFields) {
    const bytes = encoder.encode(field);
    reader.read(bytes, 0, bytes.length);
    if (reader.settledOrder) return reader.settledOrder;
  }
  return 'unsettled';
}

function chooseDialect(
  dialect: CsvDialect,
  order: DateOrder,
  layout: HeaderLayout,
  hasHeader: boolean,
): CsvDialect {
  if (layout === 'investing' || layout === 'investing-english') return 'investing';
  if (layout === 'dukascopy' && dialect === 'dmy') return 'dukascopy';
  // `20190102 170000` without a header is HistData's; the same shape under a header is a plain UTC date.
  if (dialect === 'histdata' && hasHeader) return 'yyyymmdd';
  if (dialect === 'dmy' && order === 'mdy') return 'mdy';
  return dialect;
}

function describeClock(format: CsvFormat, firstDate: string): string {
  const { dialect } = format;
  if (format.dateLabels && (dialect === 'histdata' || hasWrittenOffset(firstDate))) {
    return 'barre giornaliere: ogni barra alla sua data (00:00 UTC), senza spostarla con il fuso';
  }
  switch (dialect) {
    case 'histdata':
      return 'EST senza ora legale (UTC−5) come da HistData.com, convertito in UTC';
    case 'metatrader':
      return 'ora del server del broker (MetaTrader non indica il fuso), presa come UTC';
    case 'dukascopy':
      return hasWrittenOffset(firstDate) ? 'offset scritto in ogni orario, convertito in UTC' : 'GMT (UTC)';
    case 'unix-s':
    case 'unix-ms':
      return 'tempo Unix (UTC)';
    case 'iso':
    case 'dmy':
    case 'mdy':
    case 'yyyymmdd':
    case 'investing':
      return hasWrittenOffset(firstDate)
        ? 'offset scritto in ogni orario, convertito in UTC'
        : 'UTC (il file non indica il fuso)';
  }
}

/** `...17:00:00-04:00`, `...17:00Z`, `... GMT+0100`, `... UTC+1`. */
function hasWrittenOffset(date: string): boolean {
  return /\d:\d{2}(:\d{2})?(\.\d+)?\s*(Z|[+-]\d{2}(:?\d{2})?|(GMT|UTC)\s*[+-]\d{1,2}(:?\d{2})?)$/.test(date);
}

/** Reads the sample's rows with the format; refuses it when most of them have no readable date or columns. */
function proveOnSample(format: CsvFormat, dataLines: readonly string[]): void {
  const reader = new RowReader(format);
  const encoder = new TextEncoder();
  let unreadable = 0;
  let firstReason = '';
  for (const line of dataLines) {
    const bytes = encoder.encode(line);
    const verdict = reader.read(bytes, 0, bytes.length);
    if (verdict === MISSING_COLUMNS || verdict === INVALID_DATE || verdict === NOT_A_NUMBER) {
      unreadable++;
      firstReason ||= `${REJECTION_REASONS[verdict]} in «${clip(line)}»`;
    }
  }
  if (unreadable * 2 > dataLines.length)
    refuse(`le righe non si leggono come data e quattro prezzi (${firstReason}).`);
}
