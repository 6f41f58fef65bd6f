import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';
import { CsvImportError } from './import-error';

const lines = (...rows: string[]): string => rows.join('\n') + '\n';

function refusal(sample: string): CsvImportError {
  try {
    detectFormat(sample);
  } catch (error) {
    if (error instanceof CsvImportError) return error;
    throw error;
  }
  throw new Error('the sample was accepted');
}

describe('detectFormat', () => {
  it('recognises HistData ASCII: no header, semicolons, EST without daylight saving', () => {
    const format = detectFormat(lines('20190101 180000;1282.295;1282.345;1281.948;1281.955;0'));
    expect(format).toMatchObject({
      dialect: 'histdata',
      separator: ';',
      hasHeader: false,
      utcOffsetMinutes: -300,
    });
    expect(format.columns).toMatchObject({ time: 0, clock: -1, open: 1, close: 4 });
  });

  it('keeps the HistData clock for a file re-saved with commas', () => {
    const format = detectFormat(lines('20200501 000000,1.0945,1.09451,1.09445,1.09448,0'));
    expect(format).toMatchObject({ dialect: 'histdata', separator: ',', utcOffsetMinutes: -300 });
  });

  it('recognises a MetaTrader 4 history export with date and time in two columns', () => {
    const format = detectFormat(lines('2022.08.15,10:06,1.02340,1.02359,1.02340,1.02348,105'));
    expect(format).toMatchObject({ dialect: 'metatrader', hasHeader: false, utcOffsetMinutes: 0 });
    expect(format.columns).toEqual({ time: 0, clock: 1, open: 2, high: 3, low: 4, close: 5 });
    expect(format.timezone).toContain('server del broker');
  });

  it('recognises a MetaTrader 5 bar export with its <DATE> <TIME> header and tabs', () => {
    const format = detectFormat(
      lines(
        '<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>',
        '2026.02.16\t02:07:00\t5010.50\t5014.78\t5010.50\t5014.77\t271\t0\t19',
      ),
    );
    expect(format).toMatchObject({ dialect: 'metatrader', separator: '\t', hasHeader: true });
    expect(format.columns).toEqual({ time: 0, clock: 1, open: 2, high: 3, low: 4, close: 5 });
  });

  it('recognises a Dukascopy export by its day-first dotted dates', () => {
    const format = detectFormat(
      lines(
        'Gmt time,Open,High,Low,Close,Volume',
        '14.03.2019 00:00:00.000,1.13304,1.13330,1.13304,1.13314,279.38',
      ),
    );
    expect(format).toMatchObject({
      dialect: 'dukascopy',
      dateOrder: 'dmy',
      hasHeader: true,
      timezone: 'GMT (UTC)',
    }); // Dukascopy writes the day first, so its header settles dates the values leave open.
    const early = detectFormat(
      lines('Gmt time,Open,High,Low,Close,Volume', '02.01.2019 00:00:00.000,1.1,1.2,1.0,1.1,279.38'),
    );
    expect(early).toMatchObject({ dialect: 'dukascopy', dateOrder: 'dmy' });
  });

  it('maps re-ordered yfinance columns by name and ignores Adj Close', () => {
    const format = detectFormat(
      lines(
        'Date,Open,Close,High,Low,Volume,Adj Close',
        '2019-01-02,6198.68017578125,6360.8701171875,6394.740234375,6198.68017578125,2261800000,6360.8701171875',
      ),
    );
    expect(format.dialect).toBe('iso');
    expect(format.columns).toEqual({ time: 0, clock: -1, open: 1, high: 3, low: 4, close: 2 });
  });

  it('says when times carry their own offset', () => {
    const format = detectFormat(
      lines(
        'Datetime,Open,High,Low,Close,Volume',
        '2026-07-02T09:30:00-04:00,29773.6,29829.7,29769.1,29829.7,0',
      ),
    );
    expect(format.timezone).toBe('offset scritto in ogni orario, convertito in UTC');
  });

  it('reads TradingView, MetaTrader 5 Python and tab-separated files as ISO dates', () => {
    expect(
      detectFormat(lines('time,open,high,low,close', '1833-01-07,20.65,20.65,20.65,20.65')).dialect,
    ).toBe('iso');
    expect(
      detectFormat(lines('time,Open,High,Low,Close,Volume', '2025-05-15 07:35:00,1,2,0.5,1,103')).dialect,
    ).toBe('iso');
    const tabs = detectFormat(lines('2009-02-25 00:00\t958.265\t976.841\t943.686\t952.634\t638'));
    expect(tabs).toMatchObject({ dialect: 'iso', separator: '\t', hasHeader: false });
  });

  it('unwraps lines quoted whole, tabs inside', () => {
    const format = detectFormat(
      lines(
        '"Time\tOpen\tHigh\tLow\tClose\tVolume"',
        '"2022-01-04 18:00:00\t1.12834\t1.1284\t1.12834\t1.12838\t24"',
      ),
    );
    expect(format).toMatchObject({ dialect: 'iso', quotedLines: true, separator: '\t', hasHeader: true });
  });

  it('tells unix seconds from milliseconds', () => {
    expect(
      detectFormat(lines('timestamp,open,high,low,close', '1483228800000,1.05,1.06,1.04,1.05')),
    ).toMatchObject({
      dialect: 'unix-ms',
      epochUnitMs: 1,
    });
    expect(
      detectFormat(lines('time,open,high,low,close,Volume', '1483228800,1.05,1.06,1.04,1.05,10')),
    ).toMatchObject({
      dialect: 'unix-s',
      epochUnitMs: 1000,
    });
  });

  it('reads a spreadsheet file with semicolons, day-first dates and decimal commas', () => {
    const format = detectFormat(
      lines('Data;Apertura;Massimo;Minimo;Chiusura', '02/01/2019 17:00;1,14598;1,146;1,1459;1,146'),
    );
    expect(format).toMatchObject({ dialect: 'dmy', separator: ';', decimalComma: true });
  });

  it('takes day or month first only when a date of the sample proves it', () => {
    const sample = (...dates: string[]): string =>
      lines('Date,Open,High,Low,Close', ...dates.map((d) => `${d},1,2,0.5,1`));
    expect(detectFormat(sample('01/02/2019', '01/13/2019'))).toMatchObject({
      dialect: 'mdy',
      dateOrder: 'mdy',
    });
    expect(detectFormat(sample('13/01/2019', '14/01/2019'))).toMatchObject({
      dialect: 'dmy',
      dateOrder: 'dmy',
    });
    expect(detectFormat(sample('02.01.2019', '13.01.2019'))).toMatchObject({
      dialect: 'dmy',
      dateOrder: 'dmy',
    });
    expect(detectFormat(sample('01/02/2019', '02/02/2019')).dateOrder).toBe('unsettled');
    expect(detectFormat(sample('01.02.2019', '02.02.2019')).dateOrder).toBe('unsettled');
  });

  it('recognises investing.com downloads by the close written before the open, in any language', () => {
    const english = detectFormat(
      lines(
        '"Date","Price","Open","High","Low","Vol.","Change %"',
        '"07/02/2025","3,356.90","3,338.60","3,365.40","3,333.90","1.02M","0.55%"',
      ),
    );
    expect(english).toMatchObject({
      dialect: 'investing',
      separator: ',',
      decimalComma: false,
      thousands: ',',
      dateOrder: 'unsettled',
      layoutDateOrder: 'mdy',
    });
    expect(english.columns).toEqual({ time: 0, clock: -1, open: 2, high: 3, low: 4, close: 1 });
    const german = detectFormat(
      lines(
        '"Datum","Zuletzt","Eröffn.","Hoch","Tief","Vol.","+/- %"',
        '"01.07.2025","3.338,60","3.303,10","3.358,00","3.301,20","","1,08%"',
      ),
    );
    expect(german).toMatchObject({
      dialect: 'investing',
      decimalComma: true,
      thousands: '.',
      dateOrder: 'unsettled',
      layoutDateOrder: null,
    });
  });

  it('tells the decimal mark by what the numbers show', () => {
    const style = (...rows: string[]) => {
      const { decimalComma, thousands } = detectFormat(lines('Date;Open;High;Low;Close;Volume', ...rows));
      return { decimalComma, thousands };
    };
    expect(style('2019-01-02;1,14598;1,146;1,1459;1,146;10')).toEqual({ decimalComma: true, thousands: '.' });
    expect(style('2019-01-02;1.14598;1.146;1.1459;1.146;10')).toEqual({ decimalComma: false, thousands: '' });
    expect(style('2019-01-02;3,342.10;3,365.40;3,333.90;3,356.90;1.02')).toEqual({
      decimalComma: false,
      thousands: ',',
    });
    // Whole prices: the volume's decimals say which mark groups thousands.
    expect(style('2019-01-02;114.982;115.592;114.859;115.100;12,75')).toEqual({
      decimalComma: true,
      thousands: '.',
    });
  });

  it('reads compact dates under a header as UTC, not as HistData', () => {
    const format = detectFormat(lines('Date,Open,High,Low,Close', '20190102,1,2,0.5,1'));
    expect(format).toMatchObject({ dialect: 'yyyymmdd', utcOffsetMinutes: 0 });
  });

  it('finds the separator among quoted decimal-comma fields', () => {
    const format = detectFormat(
      lines('"Date","Open","High","Low","Close"', '"2019-01-02","1,5","2,5","0,5","1"'),
    );
    expect(format).toMatchObject({ separator: ',', decimalComma: true, quotedLines: false });
  });

  it('tolerates a byte-order mark, CRLF and leading blank lines', () => {
    const format = detectFormat('\uFEFF\r\n\r\ntime,open,high,low,close\r\n2019-01-02,1,2,0.5,1\r\n');
    expect(format).toMatchObject({ dialect: 'iso', hasHeader: true, crLineEnds: false });
  });

  it('notices lines ended by a bare CR', () => {
    expect(detectFormat('time,open,high,low,close\r2019-01-02,1,2,0.5,1\r').crLineEnds).toBe(true);
  });

  it("refuses HistData's gap report as not a price file", () => {
    const error = refusal(
      lines(
        'HistData.com (c) 2012',
        'File: DAT_NT_EURUSD_M1_202005.csv Status Report',
        '',
        'Gap of 139s found between 20200503170653 and 20200503170919.',
      ),
    );
    expect(error.code).toBe('not-a-price-file');
    expect(error.message).toMatch(/^Il file non contiene prezzi/);
  });

  it('refuses files it cannot read, saying why in Italian', () => {
    expect(refusal('').message).toBe('Formato CSV non riconosciuto: il file è vuoto.');
    expect(refusal(lines('hello world', 'nothing here')).message).toMatch(
      /^Formato CSV non riconosciuto: nessun separatore/,
    );
    expect(refusal(lines('EURUSD,20190102,170000,1,2,0.5,1')).message).toContain(
      'la prima colonna («EURUSD») non è una data',
    );
    expect(refusal(lines('time,open,high,low,volume', '2019-01-02,1,2,0.5,1')).message).toContain(
      'mancano le colonne close',
    );
    expect(refusal(lines('time,open,high,low,close', 'soon,1,2,0.5,1', 'later,1,2,0.5,1')).message).toContain(
      'la data «soon» non è in una forma conosciuta',
    );
    expect(refusal(lines('time,open,high,low,close')).code).toBe('no-valid-rows');
  });

  it('refuses a guess that most sampled rows contradict', () => {
    const error = refusal(lines('2019-01-02,1,2,0.5,1', '2019-01-03,x,y,z,w', '2019-01-04,x,y,z,w'));
    expect(error.message).toContain('prezzo non numerico');
  });
});
