/**
 * Which mark a file's numbers use for decimals and which one, if any, between thousands, told by
 * the numbers themselves: investing.com writes `3,342.10` in English and `3.342,10` in its other
 * languages, European spreadsheets `1,14598`. Every number of the sample has a say, the volume and
 * change columns too: an investing.com index quoted without decimals (`114.982`) shows its
 * decimal comma only in the change (`-0,53%`).
 */
export interface NumberStyle {
  /** The comma is the decimal mark (`1,5`). */
  decimalComma: boolean;
  /** The mark between thousands, skipped when reading (`.` in `3.342,10`, `,` in `3,342.10`), or ''. */
  thousands: '' | ',' | '.';
}

/**
 * A number as exports write them: a sign, a currency sign, digits with marks, a unit, percent or
 * currency sign after (`$3,356.90`, `3.356,90 €`, `-0,53%`, `1.02M`).
 */
const NUMBER = /^[+-]?(?:\$|US\$|€|£)?\s?(\d[\d.,]*)\s?(?:[%KMB]|\$|€|£)?$/i;

/**
 * A number's say on the decimal mark: both marks tell it by their order (`3.342,10`), a mark
 * written twice groups thousands (`1.234.567`), one mark before other than three digits is the
 * decimal mark (`0,95`, `1.14598`). One mark before three digits (`3,744`) says nothing.
 */
function decimalMarkOf(field: string): ',' | '.' | null {
  const digits = NUMBER.exec(field)?.[1];
  if (digits === undefined) return null;
  const comma = digits.lastIndexOf(',');
  const dot = digits.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) return comma > dot ? ',' : '.';
  const mark = comma >= 0 ? ',' : dot >= 0 ? '.' : null;
  if (mark === null) return null;
  if (digits.indexOf(mark) !== digits.lastIndexOf(mark)) return mark === ',' ? '.' : ',';
  // More than three digits before the mark, or a lone 0 (`1282.295`, `0.281`): no thousands there.
  const before = digits.indexOf(mark);
  if (before > 3 || digits.startsWith('0')) return mark;
  return digits.length - before - 1 === 3 ? null : mark;
}

/**
 * The style most numbers of the sample vote for. Without a vote (every number whole, or all like
 * `1,123` or `1.281`) the file's conventions decide (`hint`, see below); failing those, a comma in
 * a price is taken for a decimal comma: a lone comma before three digits is far more often a
 * price at three decimals than a round thousand.
 */
export function numberStyle(
  numbers: readonly string[],
  prices: readonly string[],
  hint: DecimalHint = null,
): NumberStyle {
  let commas = 0;
  let dots = 0;
  for (const field of numbers) {
    const mark = decimalMarkOf(field);
    if (mark === ',') commas++;
    else if (mark === '.') dots++;
  }
  const commaInPrices = prices.some((field) => field.includes(','));
  const decimalComma = commas !== dots ? commas > dots : hint !== null ? hint === 'comma' : commaInPrices;
  if (decimalComma) return { decimalComma, thousands: '.' };
  return { decimalComma, thousands: commaInPrices ? ',' : '' };
}

/**
 * What a file's conventions say about the decimal mark when its numbers do not: 'comma' for a
 * currency written after the number (`1.281 €`, the European way) or price columns named in
 * Italian or another language of the decimal comma; 'point' for a currency written before it
 * (`$1,281`) or English names in a comma-separated file; null when nothing says.
 */
export type DecimalHint = 'comma' | 'point' | null;

export function decimalHint(
  prices: readonly string[],
  englishNames: boolean | null,
  separator: string,
): DecimalHint {
  if (prices.some((field) => /\d\s?(€|EUR|£)$/i.test(field))) return 'comma';
  if (prices.some((field) => /^[+-]?(\$|US\$|€|£)/.test(field))) return 'point';
  if (englishNames === false) return 'comma';
  if (englishNames === true && separator === ',') return 'point';
  return null;
}
