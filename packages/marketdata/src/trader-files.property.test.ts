/**
 * Bars written in any class of price file the importer knows (README.md "Importable price files")
 * and read back are the same bars: same times, same prices to the last bit. Each class has a
 * writer below that lays the bars out as the site or program of that class does (its header
 * names, date shape, money marks, row order, missing values); a writer's random choices come from
 * a seed that fast-check picks. A second property breaks one row and expects the report to name
 * its line. Runs are kept few: each is a whole import.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCsv } from './import-csv';
import { CsvImportError } from './import-error';
import { daysFromCivil } from './parse-timestamp';
import { seededRandom } from './seeded-random';
import { type Timeframe } from './timeframe';

const MINUTE = 60_000;
const DAY = 86_400_000;
const RUNS = 12;

/** Prices as whole counts of 10^-decimals, so that what is written is exactly what is meant. */
interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

interface Series {
  timeframe: Timeframe;
  decimals: number;
  bars: Bar[];
}

interface Row {
  text: string;
  /** The time of the bar the row holds; null for a row the file itself marks as no bar (`null` prices). */
  t: number | null;
}

interface Written {
  head: string[];
  /** In file order. */
  rows: Row[];
  tail?: string[];
  eol?: string;
}

interface Writer {
  timeframes: Timeframe[];
  /** Day and month written as numbers either way: only a day above 12 tells which comes first. */
  dayMonth?: boolean;
  write(series: Series, random: () => number): Written;
}

// --- How the classes write numbers and dates -------------------------------------------------

interface NumberMarks {
  point?: '.' | ',';
  thousands?: '' | ',' | '.' | ' ';
  before?: string;
  after?: string;
}

function money(count: number, decimals: number, marks: NumberMarks = {}): string {
  const { point = '.', thousands = '', before = '', after = '' } = marks;
  const scale = 10 ** decimals;
  let whole = String(Math.floor(count / scale));
  const fraction = String(count % scale).padStart(decimals, '0');
  if (thousands !== '') whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${before}${whole}${decimals > 0 ? point + fraction : ''}${after}`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const MONTHS_EN = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const MONTHS_IT = 'gen feb mar apr mag giu lug ago set ott nov dic'.split(' ');

function parts(t: number) {
  const d = new Date(t);
  return {
    y: d.getUTCFullYear(),
    yy: pad(d.getUTCFullYear() % 100),
    m: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    hh: pad(d.getUTCHours()),
    mi: pad(d.getUTCMinutes()),
  };
}
const iso = (t: number): string => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
const isoDate = (t: number): string => iso(t).slice(0, 10);
/** The clock after the date, for intraday bars only. */
const clockOf = (series: Series, t: number, sep = ' '): string =>
  series.timeframe === '1m' ? `${sep}${parts(t).hh}:${parts(t).mi}` : '';
function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`;
}
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** A volume, or one of the ways sources write that they have none. */
const volume = (random: () => number): string =>
  random() < 0.3 ? pick(random, ['--', 'null', '', '-', 'N/A']) : String(Math.floor(random() * 5000));
const ordered = (rows: Row[], newestFirst: boolean): Row[] => (newestFirst ? rows.reverse() : rows);
const prices = (series: Series, bar: Bar, marks?: NumberMarks): string[] =>
  [bar.o, bar.h, bar.l, bar.c].map((count) => money(count, series.decimals, marks));

// --- The classes -----------------------------------------------------------------------------

const WRITERS: Record<string, Writer> = {
  'HistData ASCII: no header, EST without daylight saving': {
    timeframes: ['1m'],
    write: (s) => ({
      head: [],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t - 5 * 60 * MINUTE);
        const time = `${p.y}${pad(p.m)}${pad(p.d)} ${p.hh}${p.mi}00`;
        return { text: [time, ...prices(s, bar), 0].join(';'), t: bar.t };
      }),
    }),
  },
  'MetaTrader 4 history: no header, date and time apart': {
    timeframes: ['1m', '1d'],
    write: (s, random) => ({
      head: [],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t);
        const fields = [`${p.y}.${pad(p.m)}.${pad(p.d)}`, `${p.hh}:${p.mi}`, ...prices(s, bar)];
        return { text: [...fields, volume(random) || '0'].join(','), t: bar.t };
      }),
      eol: '\r\n',
    }),
  },
  'whole lines quoted, tabs inside': {
    timeframes: ['1m', '1d'],
    write: (s) => ({
      head: ['"Time\tOpen\tHigh\tLow\tClose\tVolume"'],
      rows: s.bars.map((bar) => ({ text: `"${[iso(bar.t), ...prices(s, bar), 24].join('\t')}"`, t: bar.t })),
      eol: '\r\n',
    }),
  },
  'investing.com in English: Price first, thousands commas, newest first': {
    timeframes: ['1d'],
    write: (s) => ({
      head: ['"Date","Price","Open","High","Low","Vol.","Change %"'],
      rows: s.bars
        .map((bar) => {
          const p = parts(bar.t);
          const [o, h, l, c] = prices(s, bar, { thousands: ',' });
          const fields = [`${pad(p.m)}/${pad(p.d)}/${p.y}`, c, o, h, l, '1.02M', '0.55%'];
          return { text: fields.map((f) => `"${f}"`).join(','), t: bar.t };
        })
        .reverse(),
    }),
  },
  'investing.com in Italian: Ultimo first, decimal commas, thousands dots': {
    timeframes: ['1d'],
    dayMonth: true,
    write: (s) => ({
      head: ['"Data","Ultimo","Apertura","Massimo","Minimo","Vol.","Var. %"'],
      rows: s.bars
        .map((bar) => {
          const p = parts(bar.t);
          const [o, h, l, c] = prices(s, bar, { point: ',', thousands: '.' });
          const fields = [`${pad(p.d)}.${pad(p.m)}.${p.y}`, c, o, h, l, '205,31K', '-1,08%'];
          return { text: fields.map((f) => `"${f}"`).join(','), t: bar.t };
        })
        .reverse(),
    }),
  },
  'two-digit year, day first (Italian spreadsheet)': {
    timeframes: ['1d', '1m'],
    dayMonth: true,
    write: (s, random) => ({
      head: ['Data;Apertura;Massimo;Minimo;Chiusura;Volume'],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t);
        const date = `${pad(p.d)}/${pad(p.m)}/${p.yy}${clockOf(s, bar.t)}`;
        return { text: [date, ...prices(s, bar, { point: ',' }), volume(random)].join(';'), t: bar.t };
      }),
      eol: '\r\n',
    }),
  },
  'two-digit year, month first (US spreadsheet), 12-hour clock, newest first': {
    timeframes: ['1d', '1m'],
    dayMonth: true,
    write: (s, random) => ({
      head: ['Date,Open,High,Low,Close,Volume'],
      rows: ordered(
        s.bars.map((bar) => {
          const p = parts(bar.t);
          const hours = Number(p.hh);
          const clock = ` ${((hours + 11) % 12) + 1}:${p.mi} ${hours < 12 ? 'AM' : 'PM'}`;
          const date = `${p.m}/${p.d}/${p.yy}${s.timeframe === '1m' ? clock : ''}`;
          return { text: [date, ...prices(s, bar), volume(random)].join(','), t: bar.t };
        }),
        random() < 0.5,
      ),
    }),
  },
  'day, month name, two-digit year (English or Italian)': {
    timeframes: ['1d'],
    write: (s, random) => {
      const names = random() < 0.5 ? MONTHS_EN : MONTHS_IT;
      return {
        head: ['Date,Open,High,Low,Close,Volume'],
        rows: s.bars.map((bar) => {
          const p = parts(bar.t);
          return { text: [`${p.d}-${names[p.m - 1]!}-${p.yy}`, ...prices(s, bar)].join(','), t: bar.t };
        }),
      };
    },
  },
  'nasdaq.com: Close/Last, dollars, newest first, -- volume': {
    timeframes: ['1d'],
    dayMonth: true,
    write: (s, random) => ({
      head: ['Date,Close/Last,Volume,Open,High,Low'],
      rows: s.bars
        .map((bar) => {
          const p = parts(bar.t);
          const [o, h, l, c] = prices(s, bar, { before: '$' });
          const date = `${pad(p.m)}/${pad(p.d)}/${p.y}`;
          return { text: [date, c, random() < 0.5 ? '--' : volume(random), o, h, l].join(','), t: bar.t };
        })
        .reverse(),
    }),
  },
  'Yahoo download: Adj Close beside Close, null rows': {
    timeframes: ['1d'],
    write: (s, random) => {
      const rows: Row[] = [];
      for (const bar of s.bars) {
        // A day Yahoo lists without prices: its date repeats a real bar's, which must stay.
        if (random() < 0.2) rows.push({ text: `${isoDate(bar.t)},null,null,null,null,null,null`, t: null });
        const [o, h, l, c] = prices(s, bar);
        rows.push({ text: [isoDate(bar.t), o, h, l, c, c, volume(random)].join(','), t: bar.t });
      }
      return { head: ['Date,Open,High,Low,Close,Adj Close,Volume'], rows };
    },
  },
  'Yahoo page: Close*, month names, thousands commas, newest first': {
    timeframes: ['1d'],
    write: (s) => ({
      head: ['Date,Open,High,Low,Close*,Adj Close**,Volume'],
      rows: s.bars
        .map((bar) => {
          const p = parts(bar.t);
          const fields = [
            `${MONTHS_EN[p.m - 1]!} ${pad(p.d)}, ${p.y}`,
            ...prices(s, bar, { thousands: ',' }),
          ];
          return { text: [...fields, fields[4]!].map((f) => `"${f}"`).join(',') + ',-', t: bar.t };
        })
        .reverse(),
    }),
  },
  'Finam/MetaTrader: <DATE>,<TIME>,<CLOSE>': {
    timeframes: ['1d', '1m'],
    write: (s, random) => ({
      head: ['<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>'],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t);
        const date = `${p.y}${pad(p.m)}${pad(p.d)}`;
        const fields = [
          'XAUUSD',
          s.timeframe === '1d' ? 'D' : '1',
          date,
          `${p.hh}${p.mi}00`,
          ...prices(s, bar),
        ];
        return { text: [...fields, volume(random)].join(','), t: bar.t };
      }),
    }),
  },
  'Barchart: Last, newest first, footer': {
    timeframes: ['1d', '1m'],
    dayMonth: true,
    write: (s) => ({
      head: ['Time,Open,High,Low,Last,Change,%Chg,Volume'],
      rows: s.bars
        .map((bar) => {
          const p = parts(bar.t);
          const date = `${pad(p.m)}/${pad(p.d)}/${p.y}${clockOf(s, bar.t)}`;
          return { text: [date, ...prices(s, bar), '+1.20', '+0.09%', '1234'].join(','), t: bar.t };
        })
        .reverse(),
      tail: ['"Downloaded from Barchart.com as of 01-16-2019 09:00pm CST"'],
    }),
  },
  'Italian names: prezzo di chiusura, euro, thousands dots': {
    timeframes: ['1d', '1m'],
    dayMonth: true,
    write: (s, random) => ({
      head: ['Data;Ora;Prezzo di apertura;Prezzo massimo;Prezzo minimo;Prezzo di chiusura;Volume'],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t);
        const marks: NumberMarks = { point: ',', thousands: '.', after: ' €' };
        const fields = [`${pad(p.d)}.${pad(p.m)}.${p.y}`, `${p.hh}:${p.mi}`, ...prices(s, bar, marks)];
        return { text: [...fields, volume(random)].join(';'), t: bar.t };
      }),
      eol: '\r\n',
    }),
  },
  'English names: closing price, thousands commas': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: ['Date,Opening Price,High Price,Low Price,Closing Price,Volume'],
      rows: s.bars.map((bar) => ({
        text: [iso(bar.t), ...prices(s, bar, { thousands: ',' }).map((f) => `"${f}"`), '"1,234,567"'].join(
          ',',
        ),
        t: bar.t,
      })),
    }),
  },
  'pandas: unnamed row index': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: [',Date,Open,High,Low,Close,Volume'],
      rows: s.bars.map((bar, i) => ({ text: [i, iso(bar.t), ...prices(s, bar), 100].join(','), t: bar.t })),
    }),
  },
  'pandas: unnamed date index with offset': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: [',Open,High,Low,Close,Volume'],
      rows: s.bars.map((bar) => ({
        text: [`${iso(bar.t)}+00:00`, ...prices(s, bar), 100].join(','),
        t: bar.t,
      })),
    }),
  },
  'row index, no header': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: [],
      rows: s.bars.map((bar, i) => ({ text: [i, iso(bar.t), ...prices(s, bar), 100].join(','), t: bar.t })),
    }),
  },
  'Unix seconds (TradingView)': {
    timeframes: ['1d', '1m'],
    write: (s, random) => ({
      head: ['time,open,high,low,close,Volume'],
      rows: ordered(
        s.bars.map((bar) => ({
          text: [bar.t / 1000, ...prices(s, bar), volume(random)].join(','),
          t: bar.t,
        })),
        random() < 0.5,
      ),
    }),
  },
  'Unix milliseconds with a close time (Binance)': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: ['open_time,open,high,low,close,volume,close_time,quote_volume,count'],
      rows: s.bars.map((bar) => {
        const close = bar.t + (s.timeframe === '1d' ? DAY : MINUTE) - 1;
        return { text: [bar.t, ...prices(s, bar), '12.5', close, '1000.25', 31].join(','), t: bar.t };
      }),
    }),
  },
  'CryptoDataDownload: title, unix beside date, newest first': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: [
        'https://www.CryptoDataDownload.com',
        'unix,date,symbol,open,high,low,close,Volume XAU,Volume USD',
      ],
      rows: s.bars
        .map((bar) => ({
          text: [bar.t, iso(bar.t), 'XAU/USD', ...prices(s, bar), 3, 9999].join(','),
          t: bar.t,
        }))
        .reverse(),
    }),
  },
  'a second date column that settles the day/month order': {
    timeframes: ['1d'],
    write: (s) => ({
      head: ['Date,Open,High,Low,Close,Timestamp'],
      rows: s.bars.map((bar) => {
        const p = parts(bar.t);
        return {
          text: [`${pad(p.d)}/${pad(p.m)}/${p.y}`, ...prices(s, bar), bar.t / 1000].join(','),
          t: bar.t,
        };
      }),
    }),
  },
  'rows with a GMT offset each (Dukascopy local time, yfinance)': {
    timeframes: ['1m'],
    write: (s, random) => {
      const dukascopy = random() < 0.5;
      const base = Math.round((random() * 24 - 12) * 4) * 15;
      return {
        head: [dukascopy ? 'Local time,Open,High,Low,Close,Volume' : 'Datetime,Open,High,Low,Close,Volume'],
        rows: s.bars.map((bar) => {
          // A clock change can fall anywhere: each row may carry its own offset.
          const offset = base + (random() < 0.3 ? 60 : 0);
          const local = bar.t + offset * MINUTE;
          const p = parts(local);
          const time = dukascopy
            ? `${pad(p.d)}.${pad(p.m)}.${p.y} ${p.hh}:${p.mi}:00.000 GMT${offsetText(offset, false)}`
            : `${isoDate(local)}T${p.hh}:${p.mi}:00${offsetText(offset, true)}`;
          return { text: [time, ...prices(s, bar), '10.5'].join(','), t: bar.t };
        }),
      };
    },
  },
  'yfinance multi-level header: Price, Ticker and Date lines': {
    timeframes: ['1d', '1m'],
    write: (s) => ({
      head: ['Price,Close,High,Low,Open,Volume', 'Ticker,GC=F,GC=F,GC=F,GC=F,GC=F', 'Date,,,,,'],
      rows: s.bars.map((bar) => {
        const [o, h, l, c] = prices(s, bar);
        return { text: [iso(bar.t), c, h, l, o, 0].join(','), t: bar.t };
      }),
    }),
  },
  'daily bars labelled by date, with an offset (yfinance)': {
    timeframes: ['1d'],
    write: (s, random) => {
      const offset = Math.round((random() * 24 - 12) * 4) * 15;
      return {
        head: ['Date,Open,High,Low,Close,Volume,Dividends,Stock Splits'],
        rows: s.bars.map((bar) => ({
          text: [
            `${isoDate(bar.t)} 00:00:00${offsetText(offset, true)}`,
            ...prices(s, bar),
            5,
            '0.0',
            '0.0',
          ].join(','),
          t: bar.t,
        })),
      };
    },
  },
};

// --- Bars ------------------------------------------------------------------------------------

/** Bars from 1975 (Unix seconds are read from nine digits, 1973 on) to 2029 (the last two-digit year read as 20xx). */
const FIRST_DAY = daysFromCivil(1975, 1, 1);
const LAST_DAY = daysFromCivil(2029, 11, 30);

function seriesArbitrary(timeframe: Timeframe, unitSteps: boolean, minBars: number): fc.Arbitrary<Series> {
  const unit = timeframe === '1d' ? DAY : MINUTE;
  const bar = fc.record({
    step: unitSteps ? fc.constant(1) : fc.constantFrom(1, 1, 1, 2, 3),
    o: fc.integer({ min: 50, max: 999 }),
    digits: fc.nat(),
    move: fc.integer({ min: -40, max: 40 }),
    up: fc.nat({ max: 60 }),
    down: fc.nat({ max: 60 }),
  });
  return fc
    .record({
      day: fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
      minute: fc.integer({ min: 0, max: 1439 }),
      decimals: fc.integer({ min: 0, max: 5 }),
      // One magnitude a file: prices below 1,000, in thousands only or in millions show different
      // marks (`281`, `1.281`, `1.281.300`).
      magnitude: fc.constantFrom(1, 10, 100, 1000, 10_000),
      rows: fc.array(bar, { minLength: minBars, maxLength: 20 }),
    })
    .map(({ day, minute, decimals, magnitude, rows }) => {
      let t = day * DAY + (timeframe === '1m' ? minute * MINUTE : 0);
      const bars = rows.map((row, i) => {
        // The first step is one unit: the file's spacing is then the timeframe's.
        if (i > 0) t += (i === 1 ? 1 : row.step) * unit;
        const o = row.o * magnitude + (row.digits % magnitude);
        const c = Math.max(1, o + row.move);
        return { t, o, h: Math.max(o, c) + row.up, l: Math.max(1, Math.min(o, c) - row.down), c };
      });
      return { timeframe, decimals, bars };
    });
}

function textOf(written: Written): string {
  const eol = written.eol ?? '\n';
  return [...written.head, ...written.rows.map((row) => row.text), ...(written.tail ?? [])].join(eol) + eol;
}

/** Every date of the file reads both ways: no day above 12. */
const everyDateAmbiguous = (bars: readonly Bar[]): boolean =>
  bars.every((bar) => new Date(bar.t).getUTCDate() <= 12);

function expectedColumns(series: Series, bars: readonly Bar[]) {
  const scale = 10 ** series.decimals;
  const sorted = [...bars].sort((a, b) => a.t - b.t);
  const price = (key: 'o' | 'h' | 'l' | 'c') => Float64Array.from(sorted, (bar) => bar[key] / scale);
  return {
    t: Float64Array.from(sorted, (bar) => bar.t),
    o: price('o'),
    h: price('h'),
    l: price('l'),
    c: price('c'),
  };
}

async function importOrRefusal(text: string, timeframe: Timeframe) {
  try {
    return await importCsv([text], { timeframe });
  } catch (error) {
    if (error instanceof CsvImportError) return error;
    throw error;
  }
}

describe('every class of price file gives back the bars written in it', () => {
  for (const [name, writer] of Object.entries(WRITERS)) {
    for (const timeframe of writer.timeframes) {
      it(`${name}, ${timeframe}`, async () => {
        await fc.assert(
          fc.asyncProperty(seriesArbitrary(timeframe, false, 3), fc.integer(), async (series, seed) => {
            const written = writer.write(series, seededRandom(seed));
            const result = await importOrRefusal(textOf(written), timeframe);
            if (writer.dayMonth && everyDateAmbiguous(series.bars)) {
              expect(result).toBeInstanceOf(CsvImportError);
              expect((result as CsvImportError).code).toBe('ambiguous-dates');
              return;
            }
            if (result instanceof CsvImportError) throw result;
            expect(result.bars.toColumns()).toEqual(expectedColumns(series, series.bars));
            const notBars = written.rows.filter((row) => row.t === null).length + (written.tail?.length ?? 0);
            expect(result.report.rejected).toBe(notBars);
          }),
          { numRuns: RUNS },
        );
      });
    }
  }
});

describe('a broken row in any class is named by its line', () => {
  for (const [name, writer] of Object.entries(WRITERS)) {
    const timeframe = writer.timeframes[0]!;
    it(`${name}, ${timeframe}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          seriesArbitrary(timeframe, true, 14),
          fc.integer(),
          fc.nat(),
          async (series, seed, which) => {
            const written = writer.write(series, seededRandom(seed));
            const barRows = written.rows.flatMap((row, index) => (row.t === null ? [] : [index]));
            const broken = barRows[which % barRows.length]!;
            const row = written.rows[broken]!;
            // Cut after its first two fields: a row without its prices (a quoted line keeps its quotes).
            const quotedLine = /^".*\t.*"$/.test(row.text);
            const inner = quotedLine ? row.text.slice(1, -1) : row.text;
            const separator = [';', '\t', ','].find((candidate) => inner.includes(candidate))!;
            const cut = inner.split(separator).slice(0, 2).join(separator);
            row.text = quotedLine ? `"${cut}"` : cut;
            const line = written.head.length + broken + 1;
            const result = await importOrRefusal(textOf(written), timeframe);
            if (result instanceof CsvImportError) throw result;
            expect(result.report.rejectedSamples).toContainEqual({ line, reason: 'colonne mancanti' });
            const kept = series.bars.filter((bar) => bar.t !== row.t);
            expect(result.bars.toColumns()).toEqual(expectedColumns(series, kept));
          },
        ),
        { numRuns: 6 },
      );
    });
  }
});
