/**
 * Every file of the shared collection of real price files (packed in fixtures/real-bars, see its
 * README), imported as a user would upload it. Row counts and timeframes come from the collection's
 * README; formats, UTC times (after each format's documented clock) and gaps are pinned here.
 * Each file is parsed once; the other timeframe is checked on the bars already read.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  openRealFile,
  readRealFile,
  realFiles,
  realFilesReadme,
} from '../../../fixtures/real-bars/real-bars';
import { type CsvDialect } from './csv-format';
import { importCsv, type RejectedRow } from './import-csv';
import { CsvImportError } from './import-error';
import { assertTimeframe, type Timeframe } from './timeframe';

interface Expected {
  format: CsvDialect;
  /** First and last bar in UTC; the README's as-written times in the comments. */
  first: string;
  last: string;
  duplicates?: number;
  /** The first row not imported, with its reason. */
  firstRejected?: RejectedRow;
  gaps: number;
}

const EXPECTED: Record<string, Expected> = {
  // 14.03.2019 00:00:00.000 .. 15.03.2019 20:59:00.000 GMT
  'dukascopy_jforex/EURUSD_1m_2019-03-14_dukascopy_gmt.csv': {
    format: 'dukascopy',
    first: '2019-03-14T00:00:00.000Z',
    last: '2019-03-15T20:59:00.000Z',
    gaps: 0,
  },
  // HistData: EST without daylight saving, UTC-5 all year. 20190101 180000 .. 20190630 235900
  'histdata_ascii/DAT_ASCII_XAUUSD_M1_2019_part1_Jan-Jun.csv': {
    format: 'histdata',
    first: '2019-01-01T23:00:00.000Z',
    last: '2019-07-01T04:59:00.000Z',
    gaps: 1, // Good Friday 2019
  },
  // 20190701 000000 .. 20191231 165800; the hour 20191027 19:00-19:59 is written twice.
  'histdata_ascii/DAT_ASCII_XAUUSD_M1_2019_part2_Jul-Dec.csv': {
    format: 'histdata',
    first: '2019-07-01T05:00:00.000Z',
    last: '2019-12-31T21:58:00.000Z',
    duplicates: 60,
    firstRejected: { line: 116_513, reason: 'stessa ora della riga 116573, che la sostituisce' },
    gaps: 0,
  },
  // 20190101 180000 .. 20190630 235900
  'histdata_ascii/DAT_ASCII_NSXUSD_M1_2019_Jan-Jun.csv': {
    format: 'histdata',
    first: '2019-01-01T23:00:00.000Z',
    last: '2019-07-01T04:59:00.000Z',
    gaps: 1, // Good Friday 2019
  },
  // 20190101 170200 .. 20190331 235900
  'histdata_ascii/DAT_ASCII_EURUSD_M1_2019_Jan-Mar.csv': {
    format: 'histdata',
    first: '2019-01-01T22:02:00.000Z',
    last: '2019-04-01T04:59:00.000Z',
    gaps: 0,
  },
  // 20200501 000000 .. 20200522 165800
  'histdata_ninjatrader/DAT_NT_EURUSD_M1_202005.csv': {
    format: 'histdata',
    first: '2020-05-01T05:00:00.000Z',
    last: '2020-05-22T21:58:00.000Z',
    gaps: 0,
  },
  'histdata_ninjatrader/DAT_NT_EURUSD_M1_202005_resaved_comma_crlf.csv': {
    format: 'histdata',
    first: '2020-05-01T05:00:00.000Z',
    last: '2020-05-22T21:58:00.000Z',
    gaps: 0,
  },
  // MetaTrader: broker server time, taken as UTC. 2022.08.15 10:06 .. 2022.10.25 16:16
  'metatrader4_history_csv/EURUSD1.csv': {
    format: 'metatrader',
    first: '2022-08-15T10:06:00.000Z',
    last: '2022-10-25T16:16:00.000Z',
    gaps: 2, // the 32-day hole, and a long weekend
  },
  // 2020.06.01 00:00 .. 2020.06.05 16:58
  'metatrader4_history_csv/DAT_MT_EURUSD_M1_202006.csv': {
    format: 'metatrader',
    first: '2020-06-01T00:00:00.000Z',
    last: '2020-06-05T16:58:00.000Z',
    gaps: 0,
  },
  // 2026.02.16 02:07:00 .. 2026.02.27 23:57:00
  'mt5_export_tab_header/XAUUSD_M1_202602160207_202602272357_jan_feb.csv': {
    format: 'metatrader',
    first: '2026-02-16T02:07:00.000Z',
    last: '2026-02-27T23:57:00.000Z',
    gaps: 0,
  },
  'mt5_python_export/XAUUSD_D1.csv': {
    format: 'iso',
    first: '2007-06-22T00:00:00.000Z',
    last: '2026-05-15T00:00:00.000Z',
    gaps: 0,
  },
  'mt5_python_export/EURUSD_D1.csv': {
    format: 'iso',
    first: '1971-01-04T00:00:00.000Z',
    last: '2026-05-15T00:00:00.000Z',
    gaps: 2,
  },
  'mt5_python_export/XAUUSD_M1_2025-05.csv': {
    format: 'iso',
    first: '2025-05-15T07:35:00.000Z',
    last: '2025-06-04T21:24:00.000Z',
    gaps: 0,
  },
  'quoted_tab_lines/EURUSD_M1.csv': {
    format: 'iso',
    first: '2022-01-04T18:00:00.000Z',
    last: '2022-02-22T15:25:00.000Z',
    gaps: 0,
  },
  'tab_separated_noheader/XAUUSD1440.csv': {
    format: 'iso',
    first: '2009-02-25T00:00:00.000Z',
    last: '2025-11-14T00:00:00.000Z',
    gaps: 0,
  },
  'tab_separated_noheader/USATECHIDXUSD1440.csv': {
    format: 'iso',
    first: '2013-05-22T00:00:00.000Z',
    last: '2025-11-14T00:00:00.000Z',
    gaps: 0,
  },
  'tab_separated_noheader/EURUSD1440.csv': {
    format: 'iso',
    first: '2009-11-04T00:00:00.000Z',
    last: '2025-11-14T00:00:00.000Z',
    gaps: 0,
  },
  'tab_separated_noheader/EURUSD1.csv': {
    format: 'iso',
    first: '2020-04-27T04:40:00.000Z',
    last: '2020-06-14T23:59:00.000Z',
    gaps: 0,
  },
  'tradingview_export/Gold_XAUUSD, 1D.csv': {
    format: 'iso',
    first: '1833-01-07T00:00:00.000Z',
    last: '2025-04-10T00:00:00.000Z',
    gaps: 705, // yearly bars before daily data begins
  },
  'tradingview_export/NASDAQ_NDX, 1D.csv': {
    format: 'iso',
    first: '1985-01-31T00:00:00.000Z',
    last: '2025-04-09T00:00:00.000Z',
    gaps: 3, // September 2001 among them
  },
  // 1483228800000 .. 1577750400000
  'unix_ms_timestamp/eurusd-d1-bid-2017-01-01-2020-01-01.csv': {
    format: 'unix-ms',
    first: '2017-01-01T00:00:00.000Z',
    last: '2019-12-31T00:00:00.000Z',
    gaps: 0,
  },
  'yfinance/NDX_daily_history.csv': {
    format: 'iso',
    first: '2019-01-02T00:00:00.000Z',
    last: '2026-08-21T00:00:00.000Z',
    gaps: 0,
  },
  // 2026-07-02T09:30:00-04:00 .. 2026-08-21T15:59:00-04:00
  'yfinance/NDX_1m_history.csv': {
    format: 'iso',
    first: '2026-07-02T13:30:00.000Z',
    last: '2026-08-21T19:59:00.000Z',
    gaps: 1, // Independence Day and the weekend after it
  },
};

/** Files that are not price files and must be refused. */
const NOT_PRICES = ['histdata_ninjatrader/DAT_NT_EURUSD_M1_202005.txt'];

interface ReadmeLine {
  file: string;
  timeframe: string;
  rows: number;
}

/** The summary table of the collection's README: | folder | `file` | instrument | tf | rows | ... */
function readmeLines(): ReadmeLine[] {
  return [
    ...realFilesReadme().matchAll(/^\| (\w+) \| `([^`]+)` \| [^|]+ \| ([^|]+) \| ([\d,]+)[^|]* \|/gm),
  ].map(([, folder, file, timeframe, rows]) => ({
    file: `${folder}/${file}`,
    timeframe: timeframe!.trim(),
    rows: Number(rows!.replace(/,/g, '')),
  }));
}

describe('real price files', () => {
  it('knows every file on disk and every file of the README', () => {
    const known = [...Object.keys(EXPECTED), ...NOT_PRICES].sort();
    expect(realFiles()).toEqual(known);
    expect(
      readmeLines()
        .map((line) => line.file)
        .sort(),
    ).toEqual(known);
  });

  it('holds every file byte for byte as its source (the sha256 of its folder README)', () => {
    for (const file of realFiles()) {
      const [folder] = file.split('/');
      const sha256 = createHash('sha256').update(readRealFile(file)).digest('hex');
      expect(realFilesReadme(folder), file).toContain(sha256);
    }
  });

  for (const line of readmeLines()) {
    const expected = EXPECTED[line.file];
    if (!expected) continue;
    const timeframe = line.timeframe as Timeframe;
    const other: Timeframe = timeframe === '1m' ? '1d' : '1m';

    it(`imports ${line.file}`, async () => {
      const { bars, report } = await importCsv(openRealFile(line.file), { timeframe });
      const duplicates = expected.duplicates ?? 0;
      expect(report).toMatchObject({
        format: expected.format,
        imported: line.rows - duplicates,
        // A row replaced by a later one of the same time is not imported: counted with the rejected.
        rejected: duplicates,
        duplicates,
        first: expected.first,
        last: expected.last,
      });
      expect(report.rejectedSamples[0]).toEqual(expected.firstRejected);
      expect(report.gaps).toHaveLength(expected.gaps);
      expect(bars.length).toBe(report.imported);
      expect(() => assertTimeframe(bars.times(), other)).toThrow(
        `Il file contiene barre da ${timeframe === '1m' ? '1 minuto' : '1 giorno'} ma è stato scelto il timeframe ${other}.`,
      );
    });
  }

  for (const file of NOT_PRICES) {
    it(`refuses ${file} as not a price file`, async () => {
      const importing = importCsv(openRealFile(file), { timeframe: '1m' });
      await expect(importing).rejects.toThrow(CsvImportError);
      await expect(importing).rejects.toMatchObject({ code: 'not-a-price-file' });
    });
  }
});
