/**
 * Decimal numbers read straight from the file's bytes, without making a string per field: the
 * importer's hot path. A read runs to the field's separator and says where that is, so a field is
 * scanned once. The result is the same double Number() gives: digits are gathered into an integer
 * below 2^53 and divided once by an exact power of ten, which IEEE division rounds correctly.
 * Longer mantissas (`1.1672500000000001`), exponents, spaces and anything odd go through Number()
 * on a string. Money as sites write it (`$3,356.90`, `3.356,90 €`, `1 234,5`) is read there too:
 * a currency sign before or after the number and spaces between its digits are left out.
 */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT_DIGITS = 15;

const DOLLAR = 0x24;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

export class DecimalReader {
  /** Where the last read stopped: the separator's index, or the end it was given. */
  stop = 0;
  private readonly point: number;
  /** The thousands mark, skipped before the decimal mark; -1 (no byte) when there is none. */
  private readonly thousands: number;

  /**
   * With decimalComma, `1,5` is 1.5; thousands is the mark skipped between thousands (`.` in
   * `17.116,53`, `,` in `3,342.10`), by default the dot with a decimal comma and none without.
   */
  constructor(decimalComma: boolean, thousands: '' | ',' | '.' = decimalComma ? '.' : '') {
    this.point = decimalComma ? COMMA : DOT;
    this.thousands = thousands === '' ? -1 : thousands.charCodeAt(0);
  }

  /** The number from start up to the first separator byte (-1: none) or end; NaN when it is not a finite number. */
  read(buf: Uint8Array, start: number, end: number, separator: number): number {
    let i = start;
    const negative = buf[i] === MINUS;
    if ((negative || buf[i] === PLUS) && i < end) i++;
    // A dollar sign may open the number (`$3356.90`), nowhere else.
    const dollarAt = i;
    let mantissa = 0;
    let significant = 0;
    let digits = 0;
    let fraction = -1;
    let plain = true;
    for (; i < end; i++) {
      const b = buf[i]!;
      if (b >= ZERO && b <= NINE) {
        mantissa = mantissa * 10 + (b - ZERO);
        digits++;
        if (mantissa !== 0) significant++;
        if (fraction >= 0) fraction++;
      } else if (b === separator) {
        break;
      } else if (b === this.point && fraction < 0) {
        fraction = 0;
      } else if (!(b === this.thousands && fraction < 0) && !(b === DOLLAR && i === dollarAt)) {
        plain = false;
      }
    }
    this.stop = i;
    if (!plain || significant > MAX_EXACT_DIGITS || fraction >= POWERS_OF_TEN.length) {
      return this.readSlowly(buf, start, i);
    }
    if (digits === 0) return NaN;
    const value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
    return negative ? -value : value;
  }

  private readSlowly(buf: Uint8Array, start: number, end: number): number {
    let text = readPlainly(buf, start, end, this.point, this.thousands);
    // Number() also reads '0x1f', 'Infinity' and '' (as 0): only plain decimal text is a price.
    if (!PLAIN_NUMBER.test(text)) {
      text = readPlainly(withoutMoneyMarks(buf, start, end), 0, -1, this.point, this.thousands);
      if (!PLAIN_NUMBER.test(text)) return NaN;
    }
    const value = Number(text);
    return Number.isFinite(value) ? value : NaN;
  }
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** A currency sign (`$`, `US$`, `€`, `£`, `EUR`, `USD`), before or after the number. */
const CURRENCY = /^(?:US\$|\$|€|£|EUR|USD)\s*|\s*(?:US\$|\$|€|£|EUR|USD)$/gi;
/** Spaces (ordinary, no-break, narrow no-break) grouping thousands: `1 234,5`. */
const GROUPING_SPACES = /(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g;

/**
 * The field as text with the decimal mark made a point and thousands marks before it left out
 * (as in read: a thousands mark after the decimal one is not a number's), trimmed. `end` -1: the
 * whole of a string given instead of bytes.
 */
function readPlainly(
  field: Uint8Array | string,
  start: number,
  end: number,
  point: number,
  thousands: number,
): string {
  const stop = end < 0 ? field.length : end;
  let text = '';
  let pointSeen = false;
  for (let i = start; i < stop; i++) {
    const b = typeof field === 'string' ? field.charCodeAt(i) : field[i]!;
    if (b === thousands && !pointSeen) continue;
    if (b === point) pointSeen = true;
    text += String.fromCharCode(b === point ? DOT : b);
  }
  return text.trim();
}

/**
 * A field that does not read as plain digits, decoded as UTF-8 (a `€` is three bytes), without
 * its currency sign and the spaces grouping its thousands. Runs only for such fields.
 */
function withoutMoneyMarks(buf: Uint8Array, start: number, end: number): string {
  return new TextDecoder()
    .decode(buf.subarray(start, end))
    .trim()
    .replace(CURRENCY, '')
    .replace(GROUPING_SPACES, '');
}
