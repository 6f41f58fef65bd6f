/**
 * Which kind of price file this is, from its first few kilobytes: the separator, whether the first
 * line is a header, which column holds what, how the dates and the numbers are written and in
 * which clock. The guess is then proved by reading the sample's rows with it; a file whose rows
 * cannot be read is refused here, with the reason, before any of it is imported. Only a day/month
 * order the sample leaves open is settled later, by the importer (settle-date-order.ts).
 */
import { type CsvColumns, type CsvDialect, type CsvFormat, type DateOrder } from './csv-format';
import { columnsFromHeader, type HeaderLayout, headerLayout, looksLikeHeader } from './header-columns';
import { CsvImportError } from './import-error';
import { numberStyle } from './number-style';
import { TimestampReader } from './parse-timestamp';
import { INVALID_DATE, MISSING_COLUMNS, NOT_A_NUMBER, REJECTION_REASONS, RowReader } from './read-row';

/** How much of the file detection looks at; importCsv reads this much before choosing. */
export const SAMPLE_BYTES = 16 * 1024;
const SAMPLE_LINES = 50;
/** Tab and semicolon first: with them a comma is a decimal comma, not a separator. */
const SEPARATORS = ['\t', ';', '|', ','];
/** time, open, high, low, close */
const MIN_FIELDS = 5;

const CLOCK_FIELD = /^\d{1,2}:\d{2}(:\d{2})?$/;

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

  const quotedLines = lines.slice(0, 2).every((line) => /^"[^"]*"$/.test(line.trim()));
  const unquoted = quotedLines ? lines.map((line) => line.trim().slice(1, -1)) : lines;
  const separator = chooseSeparator(unquoted.slice(0, 3));
  const rows = unquoted.map((line) => splitFields(line, separator));
  const firstRow = rows[0]!;

  const hasHeader = dateShape(firstRow[0] ?? '') === null;
  let columns: CsvColumns;
  let layout: HeaderLayout = 'plain';
  if (hasHeader) {
    if (!looksLikeHeader(firstRow)) {
      refuse(
        `la prima colonna («${clip(firstRow[0] ?? '')}») non è una data e la prima riga non è un'intestazione.`,
      );
    }
    const found = columnsFromHeader(firstRow);
    if ('missing' in found) {
      refuse(
        `nell'intestazione mancano le colonne ${found.missing.join(', ')} (trovate: ${firstRow.map(clip).join(', ')}).`,
      );
    }
    columns = found;
    layout = headerLayout(firstRow, columns);
  } else {
    const clock = CLOCK_FIELD.test(firstRow[1] ?? '') ? 1 : -1;
    const first = clock < 0 ? 1 : 2;
    columns = { time: 0, clock, open: first, high: first + 1, low: first + 2, close: first + 3 };
  }

  const dataRows = hasHeader ? rows.slice(1) : rows;
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
  const dateOrder = shape.order === 'unsettled' ? dayMonthOrder(layout, dateFields) : shape.order;
  const dialect = chooseDialect(shape.dialect, dateOrder, layout, hasHeader);

  const { time, clock, open, high, low, close } = columns;
  const numbers = dataRows.flatMap((row) => row.filter((_, index) => index !== time && index !== clock));
  const prices = dataRows.flatMap((row) => [row[open], row[high], row[low], row[close]].map((f) => f ?? ''));
  const format: CsvFormat = {
    dialect,
    separator,
    hasHeader,
    quotedLines,
    ...numberStyle(numbers, prices),
    crLineEnds,
    columns,
    dateOrder,
    layoutDateOrder: layout === 'investing-english' ? 'mdy' : null,
    epochUnitMs: shape.epochUnitMs,
    utcOffsetMinutes: dialect === 'histdata' ? -5 * 60 : 0,
    timezone: describeClock(dialect, dateFields[0]!),
  };
  proveOnSample(format, hasHeader ? lines.slice(1) : lines);
  return format;
}

function refuse(reason: string): never {
  throw new CsvImportError('unknown-format', `Formato CSV non riconosciuto: ${reason}`);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The first separator, in priority order, that gives every sampled line at least five fields. */
function chooseSeparator(lines: readonly string[]): string {
  const separator = SEPARATORS.find((candidate) =>
    lines.every((line) => splitFields(line, candidate).length >= MIN_FIELDS),
  );
  if (separator === undefined) {
    refuse(
      `nessun separatore (virgola, punto e virgola, tab) divide le righe in almeno ${MIN_FIELDS} colonne (data, open, high, low, close).`,
    );
  }
  return separator;
}

/** Fields of a line, a field in double quotes kept whole (`"1,2345"`), surrounding spaces trimmed. */
function splitFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let pos = 0;
  for (;;) {
    let field: string;
    let next: number;
    if (line[pos] === '"') {
      const close = line.indexOf('"', pos + 1);
      field = close < 0 ? line.slice(pos + 1) : line.slice(pos + 1, close);
      next = line.indexOf(separator, close < 0 ? line.length : close);
    } else {
      next = line.indexOf(separator, pos);
      field = line.slice(pos, next < 0 ? line.length : next);
    }
    fields.push(field.trim());
    if (next < 0) return fields;
    pos = next + separator.length;
  }
}

/**
 * How a date is written, from one field. A date with the day and the month in either order
 * (`02/01/2019`, `02.01.2019`) comes back 'unsettled', for dayMonthOrder to settle.
 */
function dateShape(field: string): DateShape | null {
  const calendar = (dialect: CsvDialect, order: DateOrder): DateShape => ({ dialect, order, epochUnitMs: 0 });
  if (/^\d{8} \d{6}$/.test(field)) return calendar('histdata', 'ymd');
  if (/^\d{8}$/.test(field)) return calendar('yyyymmdd', 'ymd');
  if (/^\d{11,13}$/.test(field)) return { dialect: 'unix-ms', order: 'ymd', epochUnitMs: 1 };
  if (/^\d{9,10}(\.\d+)?$/.test(field)) return { dialect: 'unix-s', order: 'ymd', epochUnitMs: 1000 };
  if (/^\d{4}\.\d{1,2}\.\d{1,2}(?!\d)/.test(field)) return calendar('metatrader', 'ymd');
  if (/^\d{4}([-/])\d{1,2}\1\d{1,2}(?!\d)/.test(field)) return calendar('iso', 'ymd');
  if (/^\d{1,2}([-/.])\d{1,2}\1\d{4}(?!\d)/.test(field)) return calendar('dmy', 'unsettled');
  if (/^[a-z]{3}\.? \d{1,2},? \d{4}(?!\d)/i.test(field)) return calendar('mdy', 'mdy');
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

function describeClock(dialect: CsvDialect, firstDate: string): string {
  switch (dialect) {
    case 'histdata':
      return 'EST senza ora legale (UTC−5) come da HistData.com, convertito in UTC';
    case 'metatrader':
      return 'ora del server del broker (MetaTrader non indica il fuso), presa come UTC';
    case 'dukascopy':
      return /GMT[+-]/.test(firstDate) ? 'offset scritto in ogni orario, convertito in UTC' : 'GMT (UTC)';
    case 'unix-s':
    case 'unix-ms':
      return 'tempo Unix (UTC)';
    case 'iso':
      return /\d:\d{2}(:\d{2})?(\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})$/.test(firstDate)
        ? 'offset scritto in ogni orario, convertito in UTC'
        : 'UTC (il file non indica il fuso)';
    case 'dmy':
    case 'mdy':
    case 'yyyymmdd':
    case 'investing':
      return 'UTC (il file non indica il fuso)';
  }
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
