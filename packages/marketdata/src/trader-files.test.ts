/**
 * The price files traders download from the sites they use, one small fixture per class
 * (test/fixtures, see README.md "Importable price files"), each imported as a user would upload it,
 * and each again with one broken row, which the report must name by its line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BarColumns } from './bar-columns';
import { type CsvDialect } from './csv-format';
import { type CsvImport, importCsv } from './import-csv';
import { CsvImportError } from './import-error';
import { type Timeframe } from './timeframe';

const FIXTURES = new URL('../test/fixtures/', import.meta.url);

type Bar = [time: string, open: number, high: number, low: number, close: number];

/** Gold, daily, 2 to 15 January 2019: every daily fixture holds these bars. */
const GOLD_DAYS: Bar[] = [
  ['2019-01-02', 1281.3, 1295.8, 1279.9, 1284.1],
  ['2019-01-03', 1284.1, 1295.0, 1283.2, 1294.8],
  ['2019-01-04', 1294.8, 1298.4, 1276.9, 1285.2],
  ['2019-01-07', 1285.2, 1294.1, 1283.6, 1289.6],
  ['2019-01-08', 1289.6, 1291.0, 1279.2, 1283.5],
  ['2019-01-09', 1283.5, 1294.4, 1281.8, 1292.1],
  ['2019-01-10', 1292.1, 1295.5, 1285.5, 1287.3],
  ['2019-01-11', 1287.3, 1292.3, 1284.5, 1289.5],
  ['2019-01-14', 1289.5, 1294.0, 1287.2, 1291.6],
  ['2019-01-15', 1291.6, 1293.9, 1284.7, 1288.4],
];
/** The first eight: no day above 12, so a day/month date alone cannot tell its order. */
const AMBIGUOUS_DAYS = GOLD_DAYS.slice(0, 8);
/** EURUSD, 1 minute, 2 April 2019 07:00 to 07:09 UTC. */
const EURUSD_MINUTES: Bar[] = [
  ['2019-04-02T07:00', 1.12195, 1.12201, 1.1219, 1.12198],
  ['2019-04-02T07:01', 1.12198, 1.12205, 1.12196, 1.12203],
  ['2019-04-02T07:02', 1.12203, 1.12203, 1.12188, 1.1219],
  ['2019-04-02T07:03', 1.1219, 1.12194, 1.12181, 1.12185],
  ['2019-04-02T07:04', 1.12185, 1.12192, 1.12183, 1.12191],
  ['2019-04-02T07:05', 1.12191, 1.1221, 1.1219, 1.12207],
  ['2019-04-02T07:06', 1.12207, 1.12215, 1.12204, 1.12212],
  ['2019-04-02T07:07', 1.12212, 1.12213, 1.122, 1.12202],
  ['2019-04-02T07:08', 1.12202, 1.12206, 1.12197, 1.12199],
  ['2019-04-02T07:09', 1.12199, 1.12209, 1.12199, 1.12208],
];

interface Fixture {
  timeframe: Timeframe;
  format: CsvDialect;
  bars: Bar[];
  /** Rows the file itself says are not bars (a `null` day, a footer), by line. */
  rejected?: { line: number; reason: string }[];
}

const MISSING_BAR = 'barra mancante (prezzi vuoti, «null» o «--»)';

const FIXTURE_FILES: Record<string, Fixture> = {
  'two-digit-year-day-first.csv': { timeframe: '1d', format: 'dmy', bars: GOLD_DAYS },
  'two-digit-year-month-first.csv': { timeframe: '1d', format: 'mdy', bars: GOLD_DAYS },
  'month-name-two-digit-year.csv': { timeframe: '1d', format: 'dmy', bars: GOLD_DAYS },
  'nasdaq-close-last.csv': { timeframe: '1d', format: 'mdy', bars: GOLD_DAYS },
  'yahoo-adj-close-null.csv': {
    timeframe: '1d',
    format: 'iso',
    bars: GOLD_DAYS,
    rejected: [{ line: 2, reason: MISSING_BAR }],
  },
  'yahoo-page-stars.csv': { timeframe: '1d', format: 'mdy', bars: GOLD_DAYS },
  'barchart-last.csv': {
    timeframe: '1d',
    format: 'mdy',
    bars: GOLD_DAYS,
    rejected: [{ line: 12, reason: 'colonne mancanti' }],
  },
  'finam-angle-brackets.csv': { timeframe: '1d', format: 'yyyymmdd', bars: GOLD_DAYS },
  'italian-names-euro.csv': { timeframe: '1d', format: 'dmy', bars: GOLD_DAYS },
  'english-names-thousands.csv': { timeframe: '1d', format: 'iso', bars: GOLD_DAYS },
  'pandas-row-index.csv': { timeframe: '1d', format: 'iso', bars: GOLD_DAYS },
  'pandas-date-index.csv': { timeframe: '1m', format: 'iso', bars: EURUSD_MINUTES },
  'row-index-no-header.csv': { timeframe: '1m', format: 'iso', bars: EURUSD_MINUTES },
  'unix-seconds.csv': { timeframe: '1m', format: 'unix-s', bars: EURUSD_MINUTES },
  'unix-milliseconds-close-time.csv': { timeframe: '1m', format: 'unix-ms', bars: EURUSD_MINUTES },
  'cryptodatadownload-unix-and-date.csv': { timeframe: '1m', format: 'unix-ms', bars: EURUSD_MINUTES },
  'second-date-settles-order.csv': { timeframe: '1d', format: 'dmy', bars: AMBIGUOUS_DAYS },
  'newest-first-minutes.csv': { timeframe: '1m', format: 'metatrader', bars: EURUSD_MINUTES },
  'daily-labelled-by-date-offset.csv': { timeframe: '1d', format: 'iso', bars: GOLD_DAYS },
  'yfinance-multi-index.csv': { timeframe: '1d', format: 'iso', bars: GOLD_DAYS },
  'gmt-offset-rows.csv': { timeframe: '1m', format: 'dukascopy', bars: EURUSD_MINUTES },
};

const fixtureText = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

async function importText(text: string, timeframe: Timeframe): Promise<CsvImport> {
  return importCsv([text], { timeframe });
}

async function refusal(text: string, timeframe: Timeframe): Promise<CsvImportError> {
  try {
    await importText(text, timeframe);
  } catch (error) {
    if (error instanceof CsvImportError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

function columnsOf(bars: readonly Bar[]): BarColumns {
  const column = (k: number) => Float64Array.from(bars, (bar) => bar[k] as number);
  return {
    t: Float64Array.from(bars, ([time]) => Date.parse(`${time}Z`)),
    o: column(1),
    h: column(2),
    l: column(3),
    c: column(4),
  };
}

/**
 * The 1-based line of the n-th row of bars: five fields or more, digits after the first (not the
 * title, the header and the lines under it, a `null` row or a footer).
 */
function dataLine(text: string, nth: number): number {
  const rows = text
    .split(/\r?\n/)
    .map((line, index) => ({ fields: line.split(/[,;]/), number: index + 1 }))
    .filter(({ fields }) => fields.length >= 5 && /\d/.test(fields.slice(1).join('')));
  return rows[nth]!.number;
}

/** The file with line `number` cut after its first field: a row with no prices. */
function breakLine(text: string, number: number): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const line = lines[number - 1]!;
  const separator = [';', '\t', ','].find((s) => line.includes(s))!;
  lines[number - 1] = `${line.split(separator)[0]!}${separator}1234,5`;
  return lines.join(eol);
}

describe('price files as traders download them', () => {
  for (const [name, fixture] of Object.entries(FIXTURE_FILES)) {
    it(`imports ${name}`, async () => {
      const { bars, report } = await importText(fixtureText(name), fixture.timeframe);
      expect(report).toMatchObject({
        format: fixture.format,
        imported: fixture.bars.length,
        rejected: fixture.rejected?.length ?? 0,
        rejectedSamples: fixture.rejected ?? [],
      });
      expect(bars.toColumns()).toEqual(columnsOf(fixture.bars));
    });
  }

  for (const [name, fixture] of Object.entries(FIXTURE_FILES)) {
    it(`names the broken row of ${name}, in the middle or first`, async () => {
      const text = fixtureText(name);
      for (const nth of [4, 0]) {
        const line = dataLine(text, nth);
        const { bars, report } = await importText(breakLine(text, line), fixture.timeframe);
        expect(report.rejectedSamples, `row ${nth}`).toContainEqual({ line, reason: 'colonne mancanti' });
        expect(report.rejected, `row ${nth}`).toBe((fixture.rejected?.length ?? 0) + 1);
        expect(bars.length, `row ${nth}`).toBe(fixture.bars.length - 1);
      }
    });
  }

  it('names a row whose price has a typo, and one whose second date disagrees with the first', async () => {
    const typo = fixtureText('nasdaq-close-last.csv').replace('$1287.30', '$12B7.30');
    const { report } = await importText(typo, '1d');
    expect(report.rejectedSamples).toEqual([{ line: 4, reason: 'prezzo non numerico' }]);

    const disagreeing = fixtureText('cryptodatadownload-unix-and-date.csv').replace(
      '2019-04-02 07:05:00',
      '2019-04-02 07:50:00',
    );
    const echoed = await importText(disagreeing, '1m');
    expect(echoed.report.rejectedSamples).toEqual([
      { line: 7, reason: 'le due colonne di data non indicano la stessa ora' },
    ]);
  });

  it('refuses two-digit-year dates when every row reads both ways, naming both readings', async () => {
    const error = await refusal(fixtureText('two-digit-year-ambiguous.csv'), '1d');
    expect(error.code).toBe('ambiguous-dates');
    expect(error.message).toBe(
      'Le date del file si possono leggere in due modi: «02/01/19» è il 2 gennaio 2019 se viene prima il ' +
        'giorno (giorno/mese/anno) o il 1 febbraio 2019 se viene prima il mese (mese/giorno/anno), e nessuna ' +
        'data del file ha un numero oltre il 12 che decida. Esportare il file con le date nella forma ' +
        'anno-mese-giorno (AAAA-MM-GG), o con un periodo che comprenda un giorno oltre il 12.',
    );
  });

  it('reads two-digit years 00-29 as 2000-2029 and 30-99 as 1930-1999', async () => {
    const { report } = await importText(
      ['Date,Open,High,Low,Close', '30/12/99,1,2,0.5,1', '31/12/99,1,2,0.5,1', '03/01/00,1,2,0.5,1'].join(
        '\n',
      ),
      '1d',
    );
    expect(report).toMatchObject({ first: '1999-12-30T00:00:00.000Z', last: '2000-01-03T00:00:00.000Z' });
  });

  it('ignores a second time column that is not the bar time (a close time), and says which clock it read', async () => {
    const { format, report } = await importText(fixtureText('unix-milliseconds-close-time.csv'), '1m');
    expect(format.echo).toBeNull();
    expect(report.timezone).toBe('tempo Unix (UTC)');
    const checked = await importText(fixtureText('cryptodatadownload-unix-and-date.csv'), '1m');
    expect(checked.format.echo).toMatchObject({ column: 1 });
  });

  it('labels daily bars by their date whatever offset the rows carry, and converts intraday rows with theirs', async () => {
    const daily = await importText(fixtureText('daily-labelled-by-date-offset.csv'), '1d');
    expect(daily.format.dateLabels).toBe(true);
    expect(daily.report.timezone).toBe(
      'barre giornaliere: ogni barra alla sua data (00:00 UTC), senza spostarla con il fuso',
    );
    const intraday = await importText(fixtureText('gmt-offset-rows.csv'), '1m');
    expect(intraday.format.dateLabels).toBe(false);
    expect(intraday.report).toMatchObject({
      first: '2019-04-02T07:00:00.000Z',
      timezone: 'offset scritto in ogni orario, convertito in UTC',
    });
  });

  it('refuses a file of nothing but missing bars with the reason of its rows', async () => {
    const error = await refusal(
      ['Date,Open,High,Low,Close,Adj Close,Volume', '2019-01-01,null,null,null,null,null,null'].join('\n'),
      '1d',
    );
    expect(error.message).toBe(`Nessuna barra valida nel file (riga 2: ${MISSING_BAR}).`);
  });
});
