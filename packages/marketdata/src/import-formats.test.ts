/**
 * The price files people download from free sources, each built here in its real layout (a few
 * rows of it) and imported as a user would upload it: investing.com's Historical Data in its
 * languages, MetaTrader scripts' semicolon files, sparse minute history.
 */
import { describe, expect, it } from 'vitest';
import { type BarColumns } from './bar-columns';
import { type CsvImportReport, importCsv } from './import-csv';
import { CsvImportError } from './import-error';
import { type Timeframe } from './timeframe';

interface Imported {
  bars: BarColumns;
  report: CsvImportReport;
}

async function importText(text: string, timeframe: Timeframe): Promise<Imported> {
  const { bars, report } = await importCsv([text], { timeframe });
  return { bars: bars.toColumns(), report };
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

const lines = (...rows: string[]): string => rows.join('\r\n') + '\r\n';
const days = (result: Imported): string[] =>
  Array.from(result.bars.t, (t) => new Date(t).toISOString().slice(0, 10));
/** The bar of a day as [open, high, low, close]. */
function barOf(result: Imported, day: string): number[] {
  const i = days(result).indexOf(day);
  const { o, h, l, c } = result.bars;
  return [o[i]!, h[i]!, l[i]!, c[i]!];
}

/** Five days of gold around a weekend, as every language below writes them: open, high, low, close. */
const GOLD: Record<string, [number, number, number, number]> = {
  '2025-06-26': [3333.7, 3350.3, 3310.1, 3327.9],
  '2025-06-27': [3327.9, 3331.2, 3255.2, 3273.6],
  '2025-06-30': [3273.6, 3308.3, 3247.9, 3303.1],
  '2025-07-01': [3303.1, 3358.0, 3301.2, 3338.6],
  '2025-07-02': [3338.6, 3365.4, 3333.9, 3356.9],
};
const GOLD_DAYS = Object.keys(GOLD);

describe('investing.com Historical Data', () => {
  it('reads the English download: Price before Open, month-first dates, thousands commas, newest first', async () => {
    const result = await importText(
      lines(
        '"Date","Price","Open","High","Low","Vol.","Change %"',
        '"07/02/2025","3,356.90","3,338.60","3,365.40","3,333.90","1.02M","0.55%"',
        '"07/01/2025","3,338.60","3,303.10","3,358.00","3,301.20","205.31K","1.08%"',
        '"06/30/2025","3,303.10","3,273.60","3,308.30","3,247.90","-","0.90%"',
        '"06/27/2025","3,273.60","3,327.90","3,331.20","3,255.20","0.98B","-1.63%"',
        '"06/26/2025","3,327.90","3,333.70","3,350.30","3,310.10","","-0.17%"',
      ),
      '1d',
    );
    expect(result.report).toMatchObject({
      format: 'investing',
      imported: 5,
      rejected: 0,
      first: '2025-06-26T00:00:00.000Z',
      last: '2025-07-02T00:00:00.000Z',
    });
    expect(days(result)).toEqual(GOLD_DAYS);
    for (const day of GOLD_DAYS) expect(barOf(result, day)).toEqual(GOLD[day]);
  });

  it('reads the older English download with month names', async () => {
    const result = await importText(
      lines(
        '"Date","Price","Open","High","Low","Vol.","Change %"',
        '"Jul 02, 2025","3,356.90","3,338.60","3,365.40","3,333.90","-","0.55%"',
        '"Jul 01, 2025","3,338.60","3,303.10","3,358.00","3,301.20","-","1.08%"',
        '"Jun 30, 2025","3,303.10","3,273.60","3,308.30","3,247.90","-","0.90%"',
      ),
      '1d',
    );
    expect(result.report).toMatchObject({ format: 'investing', imported: 3, rejected: 0 });
    expect(barOf(result, '2025-07-01')).toEqual(GOLD['2025-07-01']);
  });

  it('takes English dates month first when no date says otherwise, as the English download writes them', async () => {
    const result = await importText(
      lines(
        '"Date","Price","Open","High","Low","Vol.","Change %"',
        '"07/02/2025","3,356.90","3,338.60","3,365.40","3,333.90","-","0.55%"',
        '"07/01/2025","3,338.60","3,303.10","3,358.00","3,301.20","-","1.08%"',
      ),
      '1d',
    );
    expect(days(result)).toEqual(['2025-07-01', '2025-07-02']);
  });

  it('reads the Italian download: Ultimo, dotted day-first dates, decimal commas with thousands dots', async () => {
    const result = await importText(
      lines(
        '"Data","Ultimo","Apertura","Massimo","Minimo","Vol.","Var. %"',
        '"02.07.2025","3.356,90","3.338,60","3.365,40","3.333,90","1,02M","0,55%"',
        '"01.07.2025","3.338,60","3.303,10","3.358,00","3.301,20","205,31K","1,08%"',
        '"30.06.2025","3.303,10","3.273,60","3.308,30","3.247,90","-","0,90%"',
        '"27.06.2025","3.273,60","3.327,90","3.331,20","3.255,20","-","-1,63%"',
        '"26.06.2025","3.327,90","3.333,70","3.350,30","3.310,10","-","-0,17%"',
      ),
      '1d',
    );
    expect(result.report).toMatchObject({ format: 'investing', imported: 5, rejected: 0 });
    expect(days(result)).toEqual(GOLD_DAYS);
    for (const day of GOLD_DAYS) expect(barOf(result, day)).toEqual(GOLD[day]);
  });

  it('reads the same layout in other languages, with the dates and numbers each writes', async () => {
    const row = (date: string, ...prices: string[]) =>
      [date, ...prices].map((field) => `"${field}"`).join(',');
    const downloads = {
      italianSlashed: [
        '"Data","Chiusura","Apertura","Massimo","Minimo","Vol.","Var. %"',
        row('01/07/2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '-', '1,08%'),
        row('30/06/2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '-', '0,90%'),
      ],
      german: [
        '"Datum","Zuletzt","Eröffn.","Hoch","Tief","Vol.","+/- %"',
        row('01.07.2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30.06.2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      spanish: [
        '"Fecha","Último","Apertura","Máximo","Mínimo","Vol.","% var."',
        row('01.07.2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30.06.2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      french: [
        '"Date","Dernier","Ouv."," Plus Haut","Plus Bas","Vol.","Variation %"',
        row('01/07/2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30/06/2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      portuguese: [
        '"Data","Último","Abertura","Máxima","Mínima","Vol.","Var%"',
        row('01.07.2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30.06.2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      turkish: [
        '"Tarih","Şimdi","Açılış","Yüksek","Düşük","Hac.","Fark %"',
        row('01.07.2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30.06.2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      russian: [
        '"Дата","Цена","Откр.","Макс.","Мин.","Объём","Изм. %"',
        row('01.07.2025', '3.338,60', '3.303,10', '3.358,00', '3.301,20', '', '1,08%'),
        row('30.06.2025', '3.303,10', '3.273,60', '3.308,30', '3.247,90', '', '0,90%'),
      ],
      chinese: [
        '"日期","收盘","开盘","高","低","交易量","涨跌幅"',
        row('2025-7-1', '3,338.60', '3,303.10', '3,358.00', '3,301.20', '', '1.08%'),
        row('2025-6-30', '3,303.10', '3,273.60', '3,308.30', '3,247.90', '', '0.90%'),
      ],
    };
    for (const [language, download] of Object.entries(downloads)) {
      const result = await importText(lines(...download), '1d');
      expect(result.report, language).toMatchObject({ format: 'investing', imported: 2, rejected: 0 });
      expect(barOf(result, '2025-07-01'), language).toEqual(GOLD['2025-07-01']);
      expect(barOf(result, '2025-06-30'), language).toEqual(GOLD['2025-06-30']);
    }
  });

  it('tells thousands dots from decimals by the change column when prices have no decimals', async () => {
    // The Bovespa index, quoted in whole points: only `-0,53%` says the comma is the decimal mark.
    const result = await importText(
      lines(
        '"Data","Último","Abertura","Máxima","Mínima","Vol.","Var%"',
        '"17.08.2023","114.982","115.592","116.610","114.859","12,75M","-0,53%"',
        '"16.08.2023","115.592","116.171","117.338","115.534","18,86M","-0,50%"',
      ),
      '1d',
    );
    expect(barOf(result, '2023-08-17')).toEqual([115_592, 116_610, 114_859, 114_982]);
  });

  it('refuses a file whose dates could be day/month or month/day, naming both readings', async () => {
    const rows = ['12', '11', '08', '07', '06', '05', '04', '01'].map(
      (day) => `"${day}.03.2024","2.160,10","2.150,00","2.170,40","2.140,30","-","0,46%"`,
    );
    const error = await refusal(
      lines('"Data","Ultimo","Apertura","Massimo","Minimo","Vol.","Var. %"', ...rows),
      '1d',
    );
    expect(error.code).toBe('ambiguous-dates');
    expect(error.message).toBe(
      'Le date del file si possono leggere in due modi: «12.03.2024» è il 12 marzo 2024 se viene prima il ' +
        'giorno (giorno/mese/anno) o il 3 dicembre 2024 se viene prima il mese (mese/giorno/anno), e nessuna ' +
        'data del file ha un numero oltre il 12 che decida. Esportare il file con le date nella forma ' +
        'anno-mese-giorno (AAAA-MM-GG), o con un periodo che comprenda un giorno oltre il 12.',
    );
  });
});

describe('day-first or month-first dates settled past the sample', () => {
  /** Minute bars from 11 to 13 March 2024 (4,320 rows, far more than the sample), dates written by `date`. */
  function minutes(date: (day: number) => string): string {
    const rows = ['Data;Apertura;Massimo;Minimo;Chiusura;Volume'];
    for (let minute = 0; minute < 3 * 1440; minute++) {
      const day = 11 + Math.floor(minute / 1440);
      const clock = `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      rows.push(`${date(day)} ${clock};2160,1;2160,9;2159,8;2160,5;12`);
    }
    return lines(...rows);
  }

  it('reads on until a day above 12 shows the day comes first', async () => {
    const { report } = await importText(
      minutes((day) => `${day}/03/2024`),
      '1m',
    );
    expect(report).toMatchObject({
      format: 'dmy',
      imported: 4320,
      rejected: 0,
      first: '2024-03-11T00:00:00.000Z',
      last: '2024-03-13T23:59:00.000Z',
    });
  });

  it('reads on until a day above 12 shows the month comes first', async () => {
    const { report } = await importText(
      minutes((day) => `03/${day}/2024`),
      '1m',
    );
    expect(report).toMatchObject({ format: 'mdy', imported: 4320, first: '2024-03-11T00:00:00.000Z' });
  });
});

describe('MetaTrader scripts and data sets: semicolons and dotted dates', () => {
  it('reads YYYY.MM.DD HH:MM in one field, or date and time in two, with or without a header', async () => {
    const oneField = await importText(
      lines(
        '2025.07.01 00:00;3303.41;3304.12;3302.87;3303.95;187',
        '2025.07.01 00:01;3303.95;3304.40;3303.10;3303.22;164',
        '2025.07.01 00:02;3303.22;3303.80;3302.95;3303.61;143',
      ),
      '1m',
    );
    expect(oneField.report).toMatchObject({
      format: 'metatrader',
      imported: 3,
      rejected: 0,
      first: '2025-07-01T00:00:00.000Z',
    });
    expect(Array.from(oneField.bars.c)).toEqual([3303.95, 3303.22, 3303.61]);

    const twoFields = await importText(
      lines(
        'Date;Time;Open;High;Low;Close;Volume',
        '2025.07.01;00:00;3303,41;3304,12;3302,87;3303,95;187',
        '2025.07.01;00:01;3303,95;3304,40;3303,10;3303,22;164',
      ),
      '1m',
    );
    expect(twoFields.report).toMatchObject({
      format: 'metatrader',
      imported: 2,
      last: '2025-07-01T00:01:00.000Z',
    });
    expect(Array.from(twoFields.bars.o)).toEqual([3303.41, 3303.95]);
  });
});

describe('sparse minute files', () => {
  // Gold in 2004, as the common 1m data sets have it: many minutes without a trade.
  const SPARSE = lines(
    'Date;Open;High;Low;Close;Volume',
    '2004.06.11 07:18;384;384.3;383.8;384.3;3',
    '2004.06.11 07:20;384.3;384.3;384;384;1',
    '2004.06.11 07:25;384;384.2;384;384.2;2',
    '2004.06.11 07:26;384.2;384.2;384.2;384.2;1',
    '2004.06.11 07:31;384.2;384.4;384.2;384.4;1',
    '2004.06.11 07:34;384.4;384.5;384.3;384.3;2',
  );

  it('imports as 1m a file whose bars are one minute apart somewhere, however many minutes are missing', async () => {
    const { report } = await importText(SPARSE, '1m');
    expect(report).toMatchObject({ format: 'metatrader', timeframe: '1m', imported: 6, rejected: 0 });
    expect((await refusal(SPARSE, '1d')).message).toBe(
      'Il file contiene barre da 1 minuto ma è stato scelto il timeframe 1d.',
    );
  });

  it('still refuses as 1m a 5-minute file with holes, every step a multiple of 5 minutes', async () => {
    const fiveMinutes = lines(
      'Date;Open;High;Low;Close;Volume',
      '2004.06.11 07:15;384;384.3;383.8;384.3;3',
      '2004.06.11 07:20;384.3;384.3;384;384;1',
      '2004.06.11 07:35;384;384.2;384;384.2;2',
      '2004.06.11 07:40;384.2;384.2;384.2;384.2;1',
      '2004.06.11 08:10;384.2;384.4;384.2;384.4;1',
    );
    expect((await refusal(fiveMinutes, '1m')).message).toBe(
      'Il file contiene barre da 5 minuti ma è stato scelto il timeframe 1m.',
    );
  });

  it('takes daily bars written in local time across a clock change as 1d, each bar at its own date', async () => {
    const { report } = await importText(
      lines(
        'Local time,Open,High,Low,Close,Volume',
        '29.03.2019 00:00:00.000 GMT+0100,1.1224,1.1253,1.1214,1.1217,123',
        '01.04.2019 00:00:00.000 GMT+0200,1.1217,1.1246,1.1208,1.1214,140',
        '02.04.2019 00:00:00.000 GMT+0200,1.1214,1.1237,1.1183,1.1204,131',
      ),
      '1d',
    );
    // Labelled by date: the bar of 29 March is stored at 29 March 00:00 UTC, not at 28 March 23:00.
    expect(report).toMatchObject({ format: 'dukascopy', imported: 3, first: '2019-03-29T00:00:00.000Z' });
  });
});
