/**
 * One line of a price file into one bar, or the reason it cannot be one. The reader keeps the bar
 * in its own fields instead of returning an object, and scans each field once: it runs for every
 * row of files with millions of rows. What only bad rows need (is it a missing bar?) is worked out
 * after the row has failed, so good rows never pay for it.
 */
import { type CsvFormat } from './csv-format';
import { DecimalReader } from './parse-number';
import { TimestampReader } from './parse-timestamp';
import { sameBarTime } from './same-bar-time';
import { splitFields } from './split-fields';

/** Why a row was not imported, in the user's words. Index 0 means it was. */
export const ROW_OK = 0;
export const REJECTION_REASONS = [
  '',
  'colonne mancanti',
  'data non valida',
  'prezzo non numerico',
  'prezzo non positivo',
  'OHLC incoerente (low > min(open, close))',
  'OHLC incoerente (high < max(open, close))',
  'barra mancante (prezzi vuoti, «null» o «--»)',
  'le due colonne di data non indicano la stessa ora',
] as const;
export const MISSING_COLUMNS = 1;
export const INVALID_DATE = 2;
export const NOT_A_NUMBER = 3;
const NOT_POSITIVE = 4;
const LOW_ABOVE_BODY = 5;
const HIGH_BELOW_BODY = 6;
/** Every price of the row written as missing (Yahoo's `null` rows, `--`): the source has no bar there. */
const MISSING_BAR = 7;
const DATES_DISAGREE = 8;

/** How sources write a value they do not have, lower case. */
const MISSING_VALUES = new Set(['', '-', '--', '---', 'null', 'nan', 'n/a', 'na', 'none', '#n/a', '#n/d']);

/** What a field holds, by its index in the row (0: nothing the bar needs); prices come last. */
const TIME = 1;
const CLOCK = 2;
/** A second time column (CsvFormat.echo). */
const ECHO = 3;
const OPEN = 4;
const HIGH = 5;
const LOW = 6;
const CLOSE = 7;

const QUOTE = 0x22;
const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const PIPE = 0x7c;

export class RowReader {
  t = 0;
  o = 0;
  h = 0;
  l = 0;
  c = 0;

  /** What the dates read so far said about an unsettled day/month order. */
  readonly timestamps: TimestampReader;
  private readonly quotedLines: boolean;
  private readonly separator: number;
  private readonly numbers: DecimalReader;
  /** Fields past the last one used are not looked at. */
  private readonly roles: Uint8Array;
  private readonly hasClock: boolean;
  /** Reads the second time column, when there is one. */
  private readonly echoTimes: TimestampReader | null;

  constructor(format: CsvFormat) {
    this.quotedLines = format.quotedLines;
    this.separator = format.separator.charCodeAt(0);
    this.timestamps = new TimestampReader(format);
    this.numbers = new DecimalReader(format.decimalComma, format.thousands);
    const { time, clock, open, high, low, close } = format.columns;
    const echo = format.echo?.column ?? -1;
    this.roles = new Uint8Array(Math.max(time, clock, open, high, low, close, echo) + 1);
    if (format.echo) this.roles[format.echo.column] = ECHO;
    this.echoTimes = format.echo ? new TimestampReader({ ...format.echo, utcOffsetMinutes: 0 }) : null;
    this.roles[time] = TIME;
    if (clock >= 0) this.roles[clock] = CLOCK;
    this.roles[open] = OPEN;
    this.roles[high] = HIGH;
    this.roles[low] = LOW;
    this.roles[close] = CLOSE;
    this.hasClock = clock >= 0;
  }

  /** Reads buf[start, end) (a line without its line break); returns ROW_OK or a reason's index. */
  read(buf: Uint8Array, start: number, end: number): number {
    let e = end;
    let pos = start;
    if (this.quotedLines && e - pos >= 2 && buf[pos] === QUOTE && buf[e - 1] === QUOTE) {
      pos++;
      e--;
    }
    const { separator, roles, numbers } = this;
    let timeStart = 0;
    let timeEnd = 0;
    let clockStart = 0;
    let clockEnd = 0;
    let echoStart = 0;
    let echoEnd = 0;
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    for (let field = 0; ; field++) {
      const role = roles[field]!;
      let fieldStart = pos;
      let fieldEnd: number;
      let value = 0;
      if (buf[pos] === QUOTE && pos < e) {
        fieldStart = pos + 1;
        fieldEnd = fieldStart;
        while (fieldEnd < e && buf[fieldEnd] !== QUOTE) fieldEnd++;
        if (role >= OPEN) value = numbers.read(buf, fieldStart, fieldEnd, -1);
        pos = fieldEnd;
        while (pos < e && buf[pos] !== separator) pos++;
      } else if (role >= OPEN) {
        value = numbers.read(buf, pos, e, separator);
        pos = fieldEnd = numbers.stop;
      } else {
        while (pos < e && buf[pos] !== separator) pos++;
        fieldEnd = pos;
      }
      switch (role) {
        case TIME:
          timeStart = fieldStart;
          timeEnd = fieldEnd;
          break;
        case CLOCK:
          clockStart = fieldStart;
          clockEnd = fieldEnd;
          break;
        case OPEN:
          o = value;
          break;
        case HIGH:
          h = value;
          break;
        case LOW:
          l = value;
          break;
        case CLOSE:
          c = value;
          break;
        case ECHO:
          echoStart = fieldStart;
          echoEnd = fieldEnd;
          break;
      }
      if (field + 1 === roles.length) break;
      if (pos >= e) return MISSING_COLUMNS;
      pos++;
    }

    const t = this.hasClock
      ? this.timestamps.readSplit(buf, timeStart, timeEnd, clockStart, clockEnd)
      : this.timestamps.read(buf, timeStart, timeEnd);
    if (Number.isNaN(t)) return INVALID_DATE;
    if (this.echoTimes !== null && !sameBarTime(t, this.echoTimes.read(buf, echoStart, echoEnd)))
      return DATES_DISAGREE;
    if (Number.isNaN(o + h + l + c)) return this.pricesMissing(buf, start, end) ? MISSING_BAR : NOT_A_NUMBER;
    if (!(o > 0 && h > 0 && l > 0 && c > 0)) return NOT_POSITIVE;
    if (l > o || l > c) return LOW_ABOVE_BODY;
    if (h < o || h < c) return HIGH_BELOW_BODY;
    this.t = t;
    this.o = o;
    this.h = h;
    this.l = l;
    this.c = c;
    return ROW_OK;
  }

  /** Whether every price field of the line is written as missing; only for rows already refused. */
  private pricesMissing(buf: Uint8Array, start: number, end: number): boolean {
    let text = new TextDecoder().decode(buf.subarray(start, end)).trim();
    if (this.quotedLines && text.length >= 2 && text.startsWith('"') && text.endsWith('"'))
      text = text.slice(1, -1);
    const fields = splitFields(text, String.fromCharCode(this.separator));
    return this.roles.every(
      (role, index) => role < OPEN || MISSING_VALUES.has((fields[index] ?? '').toLowerCase()),
    );
  }
}

/** Empty, or only spaces, quotes and separators (spreadsheets leave `;;;;;` rows behind): not a row. */
export function isBlank(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i]!;
    if (b !== SPACE && b !== TAB && b !== QUOTE && b !== COMMA && b !== SEMICOLON && b !== PIPE && b !== CR)
      return false;
  }
  return true;
}
