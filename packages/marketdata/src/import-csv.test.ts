import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type BarColumns } from './bar-columns';
import { type CsvImportReport, importCsv } from './import-csv';
import { CsvImportError } from './import-error';
import { type Timeframe } from './timeframe';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The text as chunks of chunkSize bytes (0: one chunk), so lines and characters split anywhere. */
function chunked(bytes: Uint8Array, chunkSize = 0): Uint8Array[] {
  if (chunkSize === 0) return [bytes];
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.slice(i, i + chunkSize));
  return chunks;
}

/** An import with its bars as plain columns, to compare. */
interface Imported {
  bars: BarColumns;
  report: CsvImportReport;
}

async function importText(text: string, timeframe: Timeframe = '1m', chunkSize = 0): Promise<Imported> {
  const { bars, report } = await importCsv(chunked(new TextEncoder().encode(text), chunkSize), { timeframe });
  return { bars: bars.toColumns(), report };
}

async function refusal(text: string, timeframe: Timeframe = '1m'): Promise<CsvImportError> {
  try {
    await importText(text, timeframe);
  } catch (error) {
    if (error instanceof CsvImportError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** count ISO rows a step apart: `2019-01-02 00:00:00,o,h,l,c`, prices rising by 0.001. */
function isoRows(firstIso: string, count: number, step = MINUTE): string[] {
  const first = Date.parse(firstIso);
  return Array.from({ length: count }, (_, i) => {
    const time = new Date(first + i * step).toISOString().slice(0, 19).replace('T', ' ');
    const price = 1 + i / 1000;
    return `${time},${price},${price + 0.0005},${price - 0.0005},${price + 0.0002}`;
  });
}

const HEADER = 'time,open,high,low,close';
const times = (result: Imported): string[] => Array.from(result.bars.t, (t) => new Date(t).toISOString());

describe('importCsv', () => {
  it('reads a file cut into chunks of any size the same way as whole', async () => {
    const text =
      'Gmt time,Open,High,Low,Close,Volume\r\n' +
      '14.03.2019 23:58:00.000,1.13067,1.13069,1.13063,1.13064,162.56\n' +
      '14.03.2019 23:59:00.000,1.13067,1.13069,1.13063,1.13064,162.56\n\n\n\n\n\r\n' +
      '15.03.2019 00:00:00.000,1.13066,1.13075,1.13063,1.13070,154.96\r\n' +
      '15.03.2019 00:01:00.000,1.13070,1.13074,1.13070,1.13074,182.96';
    const whole = await importText(text);
    expect(whole.report).toMatchObject({ format: 'dukascopy', imported: 4, rejected: 0 });
    expect(whole.report.last).toBe('2019-03-15T00:01:00.000Z');
    for (const size of [1, 2, 7, 64]) {
      const pieces = await importText(text, '1m', size);
      expect(pieces.report).toEqual(whole.report);
      expect(pieces.bars).toEqual(whole.bars);
    }
  });

  it('reads Node streams, string chunks and multi-byte characters split across chunks', async () => {
    const text = ['Data,Apertura,Massimo,Minimo,Chiusura,Volumé', ...isoRows('2019-01-02T00:00:00Z', 3)].join(
      '\n',
    );
    const fromStream = await importCsv(Readable.from([Buffer.from(text)]), { timeframe: '1m' });
    const fromStrings = await importCsv([text.slice(0, 20), text.slice(20)], { timeframe: '1m' });
    const fromBytes = await importText(text, '1m', 1);
    expect(fromStream.report.imported).toBe(3);
    expect(fromStrings.report).toEqual(fromStream.report);
    expect(fromBytes.report).toEqual(fromStream.report);
  });

  it('drops a UTF-8 byte-order mark even when it arrives a byte at a time', async () => {
    const result = await importText(
      `\uFEFF${[HEADER, ...isoRows('2019-01-02T00:00:00Z', 2)].join('\n')}`,
      '1m',
      1,
    );
    expect(result.report).toMatchObject({ format: 'iso', imported: 2, rejected: 0 });
  });

  it('converts UTF-16 files as they stream', async () => {
    const text = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 3)].join('\r\n');
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    const result = await importCsv(chunked(utf16, 5), { timeframe: '1m' });
    expect(result.report).toMatchObject({ imported: 3, rejected: 0, first: '2019-01-02T00:00:00.000Z' });
  });

  it('reads lines ended by a bare CR and a last line without a line break', async () => {
    const result = await importText([HEADER, ...isoRows('2019-01-02T00:00:00Z', 3)].join('\r'));
    expect(result.report).toMatchObject({ imported: 3, last: '2019-01-02T00:02:00.000Z' });
  });

  it('converts HistData times from EST without daylight saving to UTC, in summer too', async () => {
    const result = await importText(
      '20190701 000000;1391.928;1391.938;1391.838;1391.845;0\n20190701 000100;1391.838;1391.838;1391.385;1391.445;0\n',
    );
    expect(result.report.format).toBe('histdata');
    expect(times(result)).toEqual(['2019-07-01T05:00:00.000Z', '2019-07-01T05:01:00.000Z']);
  });

  it('converts times written with an offset to UTC', async () => {
    const result = await importText(
      'Datetime,Open,High,Low,Close,Volume\n2026-07-02T09:30:00-04:00,10,11,9,10,0\n2026-07-02T09:31:00-04:00,10,11,9,10,5\n',
    );
    expect(result.report.first).toBe('2026-07-02T13:30:00.000Z');
  });

  it('reads semicolons with decimal commas, quoted fields and quoted whole lines', async () => {
    const semicolons = await importText(
      'Data;Apertura;Massimo;Minimo;Chiusura\n14/01/2019 17:00;1,5;2,5;0,5;1\n14/01/2019 17:01;1,5;2,5;0,5;1\n',
    );
    expect(Array.from(semicolons.bars.h)).toEqual([2.5, 2.5]);
    expect(semicolons.report.first).toBe('2019-01-14T17:00:00.000Z');

    const quotedFields = await importText(
      '"Date","Open","High","Low","Close"\n"2019-01-02","1,5","2,5","0,5","1"\n"2019-01-03","1,5","2,5","0,5","1"\n',
      '1d',
    );
    expect(Array.from(quotedFields.bars.o)).toEqual([1.5, 1.5]);

    const quotedLines = await importText(
      '"Time\tOpen\tHigh\tLow\tClose"\r\n"2022-01-04 18:00:00\t1.1\t1.2\t1.0\t1.1"\r\n"2022-01-04 18:01:00\t1.1\t1.2\t1.0\t1.15"\r\n',
    );
    expect(Array.from(quotedLines.bars.c)).toEqual([1.1, 1.15]);
  });

  it('counts rejected rows and shows their line numbers and reasons', async () => {
    const rows = isoRows('2019-01-02T00:00:00Z', 3);
    const text = [
      HEADER,
      rows[0],
      '',
      '2019-02-30 00:00:00,1,2,0.5,1',
      '2019-01-02 00:05:00,1,2',
      '2019-01-02 00:06:00,-1,2,0.5,1',
      '2019-01-02 00:07:00,1,2,1.5,1.8',
      '2019-01-02 00:08:00,1,1.5,0.5,1.8',
      '2019-01-02 00:09:00,1,n/a,0.5,1',
      '2019-01-02 00:10:00,0,2,0.5,1',
      rows[1],
      rows[2],
    ].join('\n');
    const { report } = await importText(text);
    expect(report).toMatchObject({ imported: 3, rejected: 7 });
    expect(report.rejectedSamples).toEqual([
      { line: 4, reason: 'data non valida' },
      { line: 5, reason: 'colonne mancanti' },
      { line: 6, reason: 'prezzo non positivo' },
      { line: 7, reason: 'OHLC incoerente (low > min(open, close))' },
      { line: 8, reason: 'OHLC incoerente (high < max(open, close))' },
      { line: 9, reason: 'prezzo non numerico' },
      { line: 10, reason: 'prezzo non positivo' },
    ]);
  });

  it('counts every row as imported or rejected, naming rejected and replaced rows in file order', async () => {
    const text = [
      HEADER,
      '2019-01-02 00:00,1,1,1,1',
      '',
      '2019-01-02 00:01,1,1,1,1',
      '2019-01-02 00:02,1,n/a,1,1',
      '2019-01-02 00:01,2,2,2,2',
      ';;;;',
      '2019-01-02 00:03,1,1,1,1',
      '2019-01-02 00:00,3,3,3,3',
    ].join('\n');
    const { report } = await importText(text);
    // Lines 2, 4, 5, 6, 8 and 9: the header and the blank lines are not rows.
    expect(report.imported + report.rejected).toBe(6);
    expect(report).toMatchObject({ imported: 3, rejected: 3, duplicates: 2 });
    expect(report.rejectedSamples).toEqual([
      { line: 2, reason: 'stessa ora della riga 9, che la sostituisce' },
      { line: 4, reason: 'stessa ora della riga 6, che la sostituisce' },
      { line: 5, reason: 'prezzo non numerico' },
    ]);
  });

  it('accepts bars whose low or high touches the body', async () => {
    const { report } = await importText(`${HEADER}\n2019-01-02 00:00,1,1,1,1\n2019-01-02 00:01,1,2,1,2\n`);
    expect(report).toMatchObject({ imported: 2, rejected: 0 });
  });

  it('shows the first ten rejected rows and counts them all', async () => {
    const bad = Array.from({ length: 25 }, (_, i) => `2019-01-02 01:${String(i).padStart(2, '0')},1,0.5,2,1`);
    const { report } = await importText([HEADER, ...isoRows('2019-01-02T00:00:00Z', 2), ...bad].join('\n'));
    expect(report.rejected).toBe(25);
    expect(report.rejectedSamples.map((r) => r.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('sorts rows written out of order and keeps the later row when a time repeats', async () => {
    const text = [
      HEADER,
      '2019-01-02 00:02,3,3,3,3',
      '2019-01-02 00:00,1,1,1,1',
      '2019-01-02 00:01,2,2,2,2',
      '2019-01-02 00:03,4,4,4,4',
      '2019-01-02 00:01,5,5,5,5',
      '2019-01-02 00:04,6,6,6,6',
    ].join('\n');
    const result = await importText(text);
    expect(result.report).toMatchObject({
      imported: 5,
      rejected: 1,
      rejectedSamples: [{ line: 4, reason: 'stessa ora della riga 6, che la sostituisce' }],
      duplicates: 1,
      first: '2019-01-02T00:00:00.000Z',
    });
    expect(Array.from(result.bars.t, (t) => (t - result.bars.t[0]!) / MINUTE)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(result.bars.c)).toEqual([1, 5, 3, 4, 6]);
  });

  it('replaces a repeated hour written twice in a row, as in the HistData 2019 gold file', async () => {
    const hour = (price: number): string[] =>
      Array.from(
        { length: 60 },
        (_, m) => `20191027 19${String(m).padStart(2, '0')}00;${price};${price};${price};${price};0`,
      );
    const text = [...hour(1), ...hour(2), '20191027 200000;3;3;3;3;0'].join('\n');
    const result = await importText(text);
    expect(result.report).toMatchObject({ imported: 61, duplicates: 60, last: '2019-10-28T01:00:00.000Z' });
    expect(result.bars.c.slice(0, 60).every((c) => c === 2)).toBe(true);
  });

  it('reports holes longer than a weekend in minute data (more than 72 hours)', async () => {
    const text = [
      HEADER,
      '2019-01-04 21:59,1,1,1,1',
      '2019-01-07 21:59,1,1,1,1',
      '2019-01-07 22:00,1,1,1,1',
      '2019-01-10 22:01,1,1,1,1',
      ...isoRows('2019-01-10T22:02:00Z', 5).slice(0),
    ].join('\n');
    const { report } = await importText(text);
    expect(report.gaps).toEqual([{ from: '2019-01-07T22:00:00.000Z', to: '2019-01-10T22:01:00.000Z' }]);
  });

  it('reports holes longer than four days in daily data', async () => {
    const days = [
      '2019-01-02',
      '2019-01-03',
      '2019-01-04',
      '2019-01-08',
      '2019-01-09',
      '2019-01-14',
      '2019-01-15',
    ];
    const { report } = await importText([HEADER, ...days.map((d) => `${d},1,2,0.5,1`)].join('\n'), '1d');
    expect(report.gaps).toEqual([{ from: '2019-01-09T00:00:00.000Z', to: '2019-01-14T00:00:00.000Z' }]);
  });

  it('refuses bars whose spacing is not the chosen timeframe', async () => {
    const daily = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 5, DAY)].join('\n');
    const minutes = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 5)].join('\n');
    const fiveMinutes = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 5, 5 * MINUTE)].join('\n');
    const hourly = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 5, 60 * MINUTE)].join('\n');
    expect((await refusal(daily, '1m')).message).toBe(
      'Il file contiene barre da 1 giorno ma è stato scelto il timeframe 1m.',
    );
    expect((await refusal(minutes, '1d')).message).toBe(
      'Il file contiene barre da 1 minuto ma è stato scelto il timeframe 1d.',
    );
    expect((await refusal(fiveMinutes, '1m')).message).toBe(
      'Il file contiene barre da 5 minuti ma è stato scelto il timeframe 1m.',
    );
    expect((await refusal(hourly, '1d')).code).toBe('timeframe-mismatch');
    expect((await refusal(hourly, '1d')).message).toContain('barre da 1 ora');
  });

  it('judges the spacing by the step all bars share, not by weekends and holes', async () => {
    const rows = [...isoRows('2019-01-02T00:00:00Z', 3), ...isoRows('2019-01-09T00:00:00Z', 3)];
    await expect(importText([HEADER, ...rows].join('\n'))).resolves.toMatchObject({
      report: { imported: 6 },
    });
  });

  it('refuses a file in which no row is a valid bar', async () => {
    const error = await refusal(
      [HEADER, '2019-01-02 00:00,1,0.5,0.4,1', '2019-01-02 00:01,1,0.5,0.4,1'].join('\n'),
    );
    expect(error.code).toBe('no-valid-rows');
    expect(error.message).toBe(
      'Nessuna barra valida nel file (riga 2: OHLC incoerente (high < max(open, close)); riga 3: OHLC incoerente (high < max(open, close))).',
    );
  });

  it('closes the source stream when it refuses the file', async () => {
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) yield Buffer.from('not,a,price,file,at,all\n'.repeat(1000));
      })(),
    );
    await expect(importCsv(stream, { timeframe: '1m' })).rejects.toThrow('Formato CSV non riconosciuto');
    expect(stream.destroyed).toBe(true);
  });

  it('refuses a line longer than 1 MB instead of holding it', async () => {
    const text = [HEADER, ...isoRows('2019-01-02T00:00:00Z', 2), 'x'.repeat(2 << 20)].join('\n');
    expect((await refusal(text)).code).toBe('line-too-long');
  });
});
