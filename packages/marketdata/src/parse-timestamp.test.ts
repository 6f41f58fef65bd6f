import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DateOrder } from './csv-format';
import { daysFromCivil, TimestampReader } from './parse-timestamp';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const reader = (order: DateOrder = 'ymd', utcOffsetMinutes = 0, epochUnitMs = 0): TimestampReader =>
  new TimestampReader({ dateOrder: order, utcOffsetMinutes, epochUnitMs });
const read = (text: string, r = reader()): number => r.read(bytes(text), 0, text.length);
const utc = (iso: string): number => Date.parse(iso);

describe('TimestampReader', () => {
  it('counts days like Date.UTC, before 1970 and after 2100 too', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01'), max: new Date('2300-12-31'), noInvalidDate: true }),
        (d) => {
          const day = daysFromCivil(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
          expect(day * 86_400_000).toBe(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
        },
      ),
    );
  });

  it('reads ISO dates, with or without time, seconds, fraction and offset', () => {
    expect(read('2019-01-02')).toBe(utc('2019-01-02T00:00:00Z'));
    expect(read('2019-01-02 17:05')).toBe(utc('2019-01-02T17:05:00Z'));
    expect(read('2019-01-02T17:05:09')).toBe(utc('2019-01-02T17:05:09Z'));
    expect(read('2019-01-02T17:05:09.250Z')).toBe(utc('2019-01-02T17:05:09.250Z'));
    expect(read('2026-07-02T09:30:00-04:00')).toBe(utc('2026-07-02T13:30:00Z'));
    expect(read('2019-01-02 00:00:00+00:00')).toBe(utc('2019-01-02T00:00:00Z'));
    expect(read('2019/01/02 17:05')).toBe(utc('2019-01-02T17:05:00Z'));
  });

  it('reads MetaTrader, Dukascopy and HistData shapes', () => {
    expect(read('2019.01.02 17:05')).toBe(utc('2019-01-02T17:05:00Z'));
    expect(read('14.03.2019 00:01:00.000', reader('dmy'))).toBe(utc('2019-03-14T00:01:00Z'));
    expect(read('14.03.2019 00:00:00.000 GMT+0100', reader('dmy'))).toBe(utc('2019-03-13T23:00:00Z'));
    expect(read('20190102 170500', reader('ymd', -300))).toBe(utc('2019-01-02T22:05:00Z'));
  });

  it('reads a date and its time of day from two fields', () => {
    const line = bytes('2019.01.02,17:05');
    expect(reader().readSplit(line, 0, 10, 11, 16)).toBe(utc('2019-01-02T17:05:00Z'));
  });

  it('reads day-first and month-first dates as told', () => {
    expect(read('02/01/2019 17:00', reader('dmy'))).toBe(utc('2019-01-02T17:00:00Z'));
    expect(read('01/02/2019 17:00', reader('mdy'))).toBe(utc('2019-01-02T17:00:00Z'));
  });

  it('reads dates with English month names, as investing.com wrote them before 2022', () => {
    expect(read('Apr 09, 2020')).toBe(utc('2020-04-09T00:00:00Z'));
    expect(read('sep 1, 2021')).toBe(utc('2021-09-01T00:00:00Z'));
    expect(read('Dec. 31 2019 17:05')).toBe(utc('2019-12-31T17:05:00Z'));
    for (const text of ['Abc 09, 2020', 'Apr09, 2020', 'Apr 31, 2020', 'Apr 09, 20', 'April 09, 2020']) {
      expect(read(text), text).toBeNaN();
    }
  });

  it('reads each date by its own numbers while day and month are unsettled, noting the first that settles them', () => {
    const r = reader('unsettled');
    expect(read('02/01/2019', r)).toBe(utc('2019-01-02T00:00:00Z'));
    expect(r).toMatchObject({ settledOrder: null, ambiguousDate: '02/01/2019' });
    expect(read('01/13/2019 17:00', r)).toBe(utc('2019-01-13T17:00:00Z'));
    expect(read('14.01.2019', r)).toBe(utc('2019-01-14T00:00:00Z'));
    expect(r).toMatchObject({ settledOrder: 'mdy', ambiguousDate: '02/01/2019' });
    expect(read('13/13/2019', r)).toBeNaN();
  });

  it('reads unix seconds and milliseconds', () => {
    expect(read('1483228800000', reader('ymd', 0, 1))).toBe(1_483_228_800_000);
    expect(read('1483228800', reader('ymd', 0, 1000))).toBe(1_483_228_800_000);
    expect(read('1483228800.5', reader('ymd', 0, 1000))).toBe(1_483_228_800_500);
  });

  it('refuses dates that do not exist and malformed times', () => {
    for (const text of [
      '2019-02-29',
      '2019-13-01',
      '2019-00-10',
      '2019-01-32',
      '2019-01-02 24:00',
      '2019-01-02 17:60',
      '2019-01-02 17',
      '2019-01-02 17:05 junk',
      '2019-01-02T17:05+25:00',
      '2019-01-02-17',
      'yesterday',
      '',
    ]) {
      expect(read(text), text).toBeNaN();
    }
    expect(read('2020-02-29')).toBe(utc('2020-02-29T00:00:00Z'));
  });

  it('reads two-digit years, month names in English or Italian and a 12-hour clock', () => {
    expect(read('14/01/19', reader('dmy'))).toBe(utc('2019-01-14T00:00:00Z'));
    expect(read('1/14/99 5:07 PM', reader('mdy'))).toBe(utc('1999-01-14T17:07:00Z'));
    expect(read('1/14/29 12:07 AM', reader('mdy'))).toBe(utc('2029-01-14T00:07:00Z'));
    expect(read('2-Jan-19')).toBe(utc('2019-01-02T00:00:00Z'));
    expect(read('02-gen-2019 17:05')).toBe(utc('2019-01-02T17:05:00Z'));
    expect(read('31 dic 30')).toBe(utc('1930-12-31T00:00:00Z'));
    for (const text of ['1/14/19 13:07 PM', '1/14/19 0:07 AM', '2-Foo-19', '2-Jan-019']) {
      expect(read(text, reader('mdy')), text).toBeNaN();
    }
  });

  it('keeps the date of a midnight label in a file of daily bars, whatever the offset', () => {
    const labels = new TimestampReader({
      dateOrder: 'ymd',
      epochUnitMs: 0,
      utcOffsetMinutes: -300,
      dateLabels: true,
    });
    expect(read('2024-01-02 00:00:00+01:00', labels)).toBe(utc('2024-01-02T00:00:00Z'));
    expect(read('2024-01-02', labels)).toBe(utc('2024-01-02T00:00:00Z'));
    expect(read('2024-01-02 09:30:00-05:00', labels)).toBe(utc('2024-01-02T14:30:00Z'));
  });
});
