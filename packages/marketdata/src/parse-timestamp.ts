/**
 * Bar times read straight from the file's bytes into UTC milliseconds, with no Date object or
 * string per row. One reader covers every calendar shape the dialects use (`2019-01-02T17:00:00Z`,
 * `2019.01.02 17:00`, `02.01.2019 17:00:00.000`, `20190102 170000`, `02/01/2019`, `02/01/19`,
 * `Jan 02, 2019`, `2-Jan-19`, `02-gen-2019`, a separate `17:00` column) and unix seconds or
 * milliseconds. A time that carries its own offset (`-04:00`, `Z`, `GMT+0100`) is converted with
 * it; one without is read in the file's clock. In a file of daily bars labelled by date (every
 * time at midnight, see CsvFormat.dateLabels) the date is the bar's, whatever offset follows it.
 *
 * A two-digit year is read as spreadsheets read it: 00-29 are 2000-2029, 30-99 are 1930-1999; a
 * time may end in AM or PM as US spreadsheets write it (`1/2/19 5:00 PM`).
 */
import { type CsvFormat, type DateOrder } from './csv-format';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

const SPACE = 0x20;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_T = 0x54;
const UPPER_Z = 0x5a;
/** Set in an ASCII letter, it makes it lower case. */
const LOWER_CASE_BIT = 0x20;
const LOWER_A = 0x61;
const LOWER_M = 0x6d;
const LOWER_P = 0x70;
const AM = 1;
const PM = 2;
/** A month by its first three letters, in English (`Jan 02, 2019`) or Italian (`02-gen-19`). */
const MONTHS = new Map<string, number>([
  ...'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ').map((name, i) => [name, i + 1] as const),
  ...'gen feb mar apr mag giu lug ago set ott nov dic'.split(' ').map((name, i) => [name, i + 1] as const),
]);
/** Two-digit years up to this one are 20xx, later ones 19xx (Excel's rule). */
const LAST_YEAR_OF_2000S = 29;

/** The year a two-digit year stands for. */
export function fullYear(twoDigits: number): number {
  return twoDigits <= LAST_YEAR_OF_2000S ? 2000 + twoDigits : 1900 + twoDigits;
}

function isLetter(b: number | undefined): boolean {
  return b !== undefined && (b | LOWER_CASE_BIT) >= 0x61 && (b | LOWER_CASE_BIT) <= 0x7a;
}

function isDigit(b: number | undefined): boolean {
  return b !== undefined && b >= ZERO && b <= NINE;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a real calendar date, NaN otherwise. */
function calendarDays(year: number, month: number, day: number): number {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  return daysFromCivil(year, month, day);
}

export class TimestampReader {
  private readonly order: DateOrder;
  private readonly epochUnitMs: number;
  private readonly defaultOffsetMs: number;
  private readonly dateLabels: boolean;
  /** The time of day, as written, of the last time read (ms from midnight, before any offset). */
  timeOfDay = 0;
  /**
   * With the order unsettled: the order the first date that could only be read one way said
   * (`13/01/2019` day first, `01/13/2019` month first), null while none did.
   */
  settledOrder: 'dmy' | 'mdy' | null = null;
  /** With the order unsettled: the first date that could be read either way, as written. */
  ambiguousDate: string | null = null;
  /** Where the last read stopped; the readers below share it instead of returning pairs. */
  private pos = 0;
  private end = 0;

  constructor(
    format: Pick<CsvFormat, 'dateOrder' | 'epochUnitMs' | 'utcOffsetMinutes'> &
      Partial<Pick<CsvFormat, 'dateLabels'>>,
  ) {
    this.order = format.dateOrder;
    this.epochUnitMs = format.epochUnitMs;
    this.defaultOffsetMs = format.utcOffsetMinutes * MS_PER_MINUTE;
    this.dateLabels = format.dateLabels ?? false;
  }

  /** UTC ms of the date (and time) in buf[start, end), NaN when it is not a valid time. */
  read(buf: Uint8Array, start: number, end: number): number {
    this.begin(buf, start, end);
    if (this.pos === this.end) return NaN;
    if (this.epochUnitMs > 0) return this.readEpoch(buf);
    const day = this.readDate(buf);
    if (Number.isNaN(day)) return NaN;
    let timeOfDay = 0;
    if (this.pos < this.end) {
      const b = buf[this.pos];
      if (b === UPPER_T || b === SPACE) this.pos++;
      while (buf[this.pos] === SPACE && this.pos < this.end) this.pos++;
      timeOfDay = this.readTimeOfDay(buf);
    }
    return this.finish(buf, day, timeOfDay);
  }

  /** UTC ms of a date in one field and its time of day in another (MetaTrader's `2019.01.02,17:00`). */
  readSplit(buf: Uint8Array, dateStart: number, dateEnd: number, timeStart: number, timeEnd: number): number {
    this.begin(buf, dateStart, dateEnd);
    const day = this.readDate(buf);
    if (Number.isNaN(day) || this.pos !== this.end) return NaN;
    this.begin(buf, timeStart, timeEnd);
    return this.finish(buf, day, this.readTimeOfDay(buf));
  }

  private begin(buf: Uint8Array, start: number, end: number): void {
    let s = start;
    let e = end;
    while (s < e && buf[s] === SPACE) s++;
    while (e > s && buf[e - 1] === SPACE) e--;
    this.pos = s;
    this.end = e;
  }

  /**
   * Applies the written or the default offset, unless the time is a date label (midnight in a
   * file of daily bars labelled by date); NaN unless the field was read to its end.
   */
  private finish(buf: Uint8Array, day: number, timeOfDay: number): number {
    this.timeOfDay = timeOfDay;
    if (Number.isNaN(timeOfDay)) return NaN;
    const offsetMs = this.readOffset(buf);
    if (this.pos !== this.end || Number.isNaN(offsetMs)) return NaN;
    if (this.dateLabels && timeOfDay === 0) return day * MS_PER_DAY;
    return day * MS_PER_DAY + timeOfDay - (offsetMs ?? this.defaultOffsetMs);
  }

  private readEpoch(buf: Uint8Array): number {
    const wholeStart = this.pos;
    let value = this.readDigits(buf, 16);
    if (this.pos === wholeStart) return NaN;
    if (buf[this.pos] === DOT && this.pos < this.end) {
      this.pos++;
      const fractionStart = this.pos;
      const fraction = this.readDigits(buf, 9);
      value += fraction / 10 ** (this.pos - fractionStart);
    }
    return this.pos === this.end ? Math.round(value * this.epochUnitMs) : NaN;
  }

  /** Days since 1970-01-01 of the date at pos, NaN when it is not a real calendar date. */
  private readDate(buf: Uint8Array): number {
    const firstStart = this.pos;
    const first = this.readDigits(buf, 8);
    const firstDigits = this.pos - firstStart;
    if (firstDigits === 8) {
      return calendarDays(Math.floor(first / 10_000), Math.floor(first / 100) % 100, first % 100);
    }
    if (firstDigits === 0) return this.readNamedMonthDate(buf);
    const separator = buf[this.pos];
    if (this.pos >= this.end || isDigit(separator)) return NaN;
    this.pos++;
    if (firstDigits <= 2 && isLetter(buf[this.pos])) return this.readDayNamedMonth(buf, first, separator!);
    const secondStart = this.pos;
    const second = this.readDigits(buf, 2);
    if (this.pos === secondStart || buf[this.pos] !== separator || this.pos >= this.end) return NaN;
    this.pos++;
    const thirdStart = this.pos;
    const third = this.readDigits(buf, 4);
    const thirdDigits = this.pos - thirdStart;
    if (firstDigits === 4 && thirdDigits >= 1 && thirdDigits <= 2) return calendarDays(first, second, third);
    if (firstDigits > 2 || (thirdDigits !== 4 && thirdDigits !== 2) || this.order === 'ymd') return NaN;
    const year = thirdDigits === 2 ? fullYear(third) : third;
    if (this.order === 'unsettled') return this.readEitherWay(buf, firstStart, first, second, year);
    return this.order === 'dmy' ? calendarDays(year, second, first) : calendarDays(year, first, second);
  }

  /** `2-Jan-19`, `02-gen-2019`, `2 Jan 2019`: the day, a month's name, the year (two or four digits). */
  private readDayNamedMonth(buf: Uint8Array, day: number, separator: number): number {
    const month = this.readMonthName(buf);
    if (month === 0 || buf[this.pos] !== separator || this.pos >= this.end) return NaN;
    this.pos++;
    const yearStart = this.pos;
    const year = this.readDigits(buf, 4);
    const yearDigits = this.pos - yearStart;
    if (yearDigits !== 2 && yearDigits !== 4) return NaN;
    return calendarDays(yearDigits === 2 ? fullYear(year) : year, month, day);
  }

  /** A month's three-letter name at pos, and a dot after it if any: 1-12, 0 when none. */
  private readMonthName(buf: Uint8Array): number {
    const p = this.pos;
    if (p + 3 > this.end) return 0;
    const month =
      MONTHS.get(
        String.fromCharCode(
          buf[p]! | LOWER_CASE_BIT,
          buf[p + 1]! | LOWER_CASE_BIT,
          buf[p + 2]! | LOWER_CASE_BIT,
        ),
      ) ?? 0;
    if (month === 0) return 0;
    this.pos += 3;
    if (buf[this.pos] === DOT && this.pos < this.end) this.pos++;
    return month;
  }

  /**
   * A day-and-month date of a file whose order is unsettled, read by its own numbers (day first
   * when both are 12 or less); notes what it says about the order, or that it says nothing.
   */
  private readEitherWay(buf: Uint8Array, start: number, first: number, second: number, year: number): number {
    const monthFirst = first <= 12 && second > 12;
    const days = monthFirst ? calendarDays(year, first, second) : calendarDays(year, second, first);
    if (Number.isNaN(days)) return NaN;
    if (monthFirst || first > 12) this.settledOrder ??= monthFirst ? 'mdy' : 'dmy';
    else this.ambiguousDate ??= String.fromCharCode(...buf.subarray(start, this.pos));
    return days;
  }

  /** `Jan 02, 2019`, `jan 2 2019` (investing.com's English download before 2022). */
  private readNamedMonthDate(buf: Uint8Array): number {
    const month = this.readMonthName(buf);
    if (month === 0) return NaN;
    if (!this.skipSpaces(buf)) return NaN;
    const dayStart = this.pos;
    const day = this.readDigits(buf, 2);
    if (this.pos === dayStart) return NaN;
    if (buf[this.pos] === COMMA && this.pos < this.end) this.pos++;
    if (!this.skipSpaces(buf)) return NaN;
    const yearStart = this.pos;
    const year = this.readDigits(buf, 4);
    if (this.pos - yearStart !== 4) return NaN;
    return calendarDays(year, month, day);
  }

  /** Moves past spaces at pos; false when there were none. */
  private skipSpaces(buf: Uint8Array): boolean {
    const start = this.pos;
    while (buf[this.pos] === SPACE && this.pos < this.end) this.pos++;
    return this.pos > start;
  }

  /** `17:00`, `17:00:00`, `17:00:00.000`, `1700` or `170000` at pos, in ms; NaN when malformed. */
  private readTimeOfDay(buf: Uint8Array): number {
    const hoursStart = this.pos;
    let hours = this.readDigits(buf, 6);
    const hourDigits = this.pos - hoursStart;
    let minutes: number;
    let seconds = 0;
    if (hourDigits === 4 || hourDigits === 6) {
      const packed = hourDigits === 4 ? hours * 100 : hours;
      hours = Math.floor(packed / 10_000);
      minutes = Math.floor(packed / 100) % 100;
      seconds = packed % 100;
    } else {
      if (hourDigits === 0 || hourDigits > 2 || buf[this.pos] !== COLON) return NaN;
      this.pos++;
      const minutesStart = this.pos;
      minutes = this.readDigits(buf, 2);
      if (this.pos - minutesStart !== 2) return NaN;
      if (buf[this.pos] === COLON && this.pos < this.end) {
        this.pos++;
        const secondsStart = this.pos;
        seconds = this.readDigits(buf, 2);
        if (this.pos - secondsStart !== 2) return NaN;
      }
    }
    let millis = 0;
    const b = buf[this.pos];
    if ((b === DOT || b === COMMA) && this.pos < this.end) {
      this.pos++;
      const fractionStart = this.pos;
      const fraction = this.readDigits(buf, 9);
      if (this.pos === fractionStart) return NaN;
      millis = Math.round((fraction / 10 ** (this.pos - fractionStart)) * 1000);
    }
    const half = this.readHalfOfDay(buf);
    if (half !== 0) {
      // `12:05 AM` is 00:05, `12:05 PM` is 12:05, `5:00 PM` is 17:00.
      if (hours < 1 || hours > 12) return NaN;
      hours = (hours % 12) + (half === PM ? 12 : 0);
    }
    if (hours > 23 || minutes > 59 || seconds > 59) return NaN;
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  }

  /** ` AM` or ` PM` after a time (US spreadsheets): AM, PM, or 0 (and pos unmoved) when neither. */
  private readHalfOfDay(buf: Uint8Array): number {
    let p = this.pos;
    while (buf[p] === SPACE && p < this.end) p++;
    if (p + 2 > this.end || (buf[p + 1]! | LOWER_CASE_BIT) !== LOWER_M) return 0;
    const letter = buf[p]! | LOWER_CASE_BIT;
    if (letter !== LOWER_A && letter !== LOWER_P) return 0;
    this.pos = p + 2;
    return letter === LOWER_A ? AM : PM;
  }

  /** A written offset at pos (`Z`, `+02:00`, `-0400`, ` GMT+0100`, `UTC`) in ms: null when none, NaN when malformed. */
  private readOffset(buf: Uint8Array): number | null {
    while (buf[this.pos] === SPACE && this.pos < this.end) this.pos++;
    if (this.pos >= this.end) return null;
    if (buf[this.pos] === UPPER_Z) {
      this.pos++;
      return 0;
    }
    let named = false;
    if (this.matches(buf, 'GMT') || this.matches(buf, 'UTC')) {
      this.pos += 3;
      named = true;
    }
    const sign = buf[this.pos];
    if ((sign !== PLUS && sign !== MINUS) || this.pos >= this.end) return named ? 0 : NaN;
    this.pos++;
    const hoursStart = this.pos;
    const hours = this.readDigits(buf, 2);
    const hourDigits = this.pos - hoursStart;
    let minutes = 0;
    if (hourDigits === 0) return NaN;
    if (hourDigits === 2 && buf[this.pos] === COLON) {
      this.pos++;
      minutes = this.readDigits(buf, 2);
    } else if (hourDigits === 2 && isDigit(buf[this.pos]) && this.pos < this.end) {
      minutes = this.readDigits(buf, 2);
    }
    if (hours > 14 || minutes > 59) return NaN;
    const offset = (hours * 60 + minutes) * MS_PER_MINUTE;
    return sign === MINUS ? -offset : offset;
  }

  private matches(buf: Uint8Array, word: string): boolean {
    if (this.pos + word.length > this.end) return false;
    for (let k = 0; k < word.length; k++) {
      if (buf[this.pos + k] !== word.charCodeAt(k)) return false;
    }
    return true;
  }

  /** Up to max digits at pos as a number; how far pos moved says how many there were. */
  private readDigits(buf: Uint8Array, max: number): number {
    const stop = Math.min(this.end, this.pos + max);
    let value = 0;
    while (this.pos < stop) {
      const b = buf[this.pos]!;
      if (b < ZERO || b > NINE) break;
      value = value * 10 + (b - ZERO);
      this.pos++;
    }
    return value;
  }
}
