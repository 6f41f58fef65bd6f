import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalReader } from './parse-number';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const read = (text: string, decimalComma = false): number =>
  new DecimalReader(decimalComma).read(bytes(text), 0, text.length, -1);

describe('DecimalReader', () => {
  it('gives the same double as Number() for any decimal text', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99_999_999 }), fc.stringMatching(/^\d{0,12}$/), (whole, fraction) => {
        const text = fraction === '' ? String(whole) : `${whole}.${fraction}`;
        expect(read(text)).toBe(Number(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads float artefacts and full-precision floats exactly', () => {
    expect(read('1.1672500000000001')).toBe(1.1672500000000001);
    expect(read('29773.607421875')).toBe(29773.607421875);
    expect(read('125')).toBe(125);
    expect(read('1.145980')).toBe(1.14598);
    expect(read('-0.5')).toBe(-0.5);
    expect(read(' 1.5 ')).toBe(1.5);
    expect(read('1e-3')).toBe(0.001);
  });

  it('reads decimal commas, with dots as thousands separators', () => {
    expect(read('1,14598', true)).toBe(1.14598);
    expect(read('17.116,53', true)).toBe(17116.53);
    expect(read('1,14598')).toBeNaN();
  });

  it('skips the thousands mark it is told of, and only before the decimal mark', () => {
    const withCommas = (text: string): number =>
      new DecimalReader(false, ',').read(bytes(text), 0, text.length, -1);
    expect(withCommas('3,342.10')).toBe(3342.1);
    expect(withCommas('1,234,567.891')).toBe(1234567.891);
    expect(withCommas('3,744')).toBe(3744);
    expect(withCommas('3.342,10')).toBeNaN();
    expect(read('114.982', true)).toBe(114_982);
  });

  it('reads money as sites write it: a currency sign before or after, spaces between thousands', () => {
    const reader = (decimalComma: boolean, thousands: '' | ',' | '.') => (text: string) =>
      new DecimalReader(decimalComma, thousands).read(bytes(text), 0, bytes(text).length, -1);
    expect(reader(false, '')('$3356.90')).toBe(3356.9);
    expect(reader(false, ',')('$3,356.90')).toBe(3356.9);
    expect(reader(false, ',')('US$ 3,356.90')).toBe(3356.9);
    expect(reader(true, '.')('3.356,90 €')).toBe(3356.9);
    expect(reader(true, '.')('€ 3.356,90')).toBe(3356.9);
    expect(reader(true, '')('1 234,5')).toBe(1234.5);
    expect(reader(true, '')('1\u00a0234,5')).toBe(1234.5);
    for (const text of ['$', '€', '$$1', '1 23,5', '12 €x']) expect(reader(true, '')(text), text).toBeNaN();
  });

  it('refuses what is not a finite number', () => {
    for (const text of ['', ' ', 'abc', '0x1f', 'Infinity', '1.2.3', '-', '.', '1,5'])
      expect(read(text)).toBeNaN();
  });

  it('stops at the separator and says where', () => {
    const reader = new DecimalReader(false);
    const line = bytes('1.25;2.5');
    expect(reader.read(line, 0, line.length, 0x3b)).toBe(1.25);
    expect(reader.stop).toBe(4);
    expect(reader.read(line, 5, line.length, 0x3b)).toBe(2.5);
    expect(reader.stop).toBe(line.length);
  });
});
