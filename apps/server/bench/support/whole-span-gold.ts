// The stored history of the sweep and equity-curve benches. The real files (fixtures/real-bars)
// hold about a year and a half of GOLD 1m, not the product span, so the span's 1m bars are the
// deterministic demo generator's (written to the bar store as the demo seed writes them) outside
// the spans of the real GOLD files, which a bench then uploads through the upload route with the
// real EURUSD daily closes (the fx source).
import { PERIOD_FIRST_DAY, PERIOD_LAST_DAY, type Market } from '@platform/contracts';
import type { DatabaseHandle } from '@platform/db';
import { BarStore, importCsv, syntheticBars, type BarColumns } from '@platform/marketdata';
import { basename } from 'node:path';
import { openRealFile, readRealFile, type RealFile } from '../../../../fixtures/real-bars/real-bars';
import { MarketDataSets } from '../../src/modules/marketdata/market-data-sets';
import { MarketDataRepository } from '../../src/modules/marketdata/marketdata.repository';

export interface RealUpload {
  market: Market;
  timeframe: '1m' | '1d';
  file: RealFile;
}

/** Uploaded in this order; the last one, EURUSD, is the fx of every market (an upload drops prepared bars). */
export const REAL_UPLOADS: readonly RealUpload[] = [
  { market: 'GOLD', timeframe: '1m', file: 'histdata_ascii/DAT_ASCII_XAUUSD_M1_2019_part1_Jan-Jun.csv' },
  { market: 'GOLD', timeframe: '1m', file: 'histdata_ascii/DAT_ASCII_XAUUSD_M1_2019_part2_Jul-Dec.csv' },
  { market: 'GOLD', timeframe: '1m', file: 'mt5_python_export/XAUUSD_M1_2025-05.csv' },
  { market: 'EURUSD', timeframe: '1d', file: 'mt5_python_export/EURUSD_D1.csv' },
];

const DAY = 86_400_000;

/** The upload route's form for a real file, to the algorithm of its market. */
export function uploadForm(upload: RealUpload, algorithmId: string): FormData {
  const form = new FormData();
  form.set('algorithmId', algorithmId);
  form.set('timeframe', upload.timeframe);
  form.set('csvFile', new Blob([readRealFile(upload.file)]), basename(upload.file));
  return form;
}

/** Stores the span's synthetic GOLD 1m bars outside the real files' spans; answers how many. */
export async function storeSyntheticGold(database: DatabaseHandle, marketDataDir: string): Promise<number> {
  const span = outside(
    syntheticBars(
      'GOLD',
      Date.parse(`${PERIOD_FIRST_DAY}T00:00:00Z`),
      Date.parse(`${PERIOD_LAST_DAY}T00:00:00Z`) + DAY,
    ),
    await realGoldSpans(),
  );
  await new MarketDataSets(new MarketDataRepository(database.db), new BarStore(marketDataDir), 0).merge(
    'GOLD',
    '1m',
    span,
    {
      file: 'dati sintetici (bench)',
      format: 'synthetic',
      rows: span.t.length,
      at: new Date().toISOString(),
    },
  );
  return span.t.length;
}

/** From the first to the last bar of each real GOLD 1m file. */
async function realGoldSpans(): Promise<[number, number][]> {
  const spans: [number, number][] = [];
  for (const upload of REAL_UPLOADS.filter((real) => real.market === 'GOLD')) {
    const { bars } = await importCsv(openRealFile(upload.file), { timeframe: upload.timeframe });
    const times = bars.toColumns().t;
    spans.push([times[0] as number, times[times.length - 1] as number]);
  }
  return spans;
}

/**
 * The bars outside the given time spans. The store merges an upload bar by bar, so generated bars
 * left inside a real file's span would sit in its gaps (every night's break, at about 2,060 USD
 * among real 2019 bars at about 1,290 USD): a history no trader has, with some 1,500 jumps of more
 * than a fifth that stop every cycle open.
 */
function outside(bars: BarColumns, spans: readonly [number, number][]): BarColumns {
  const kept = bars.t.reduce<number[]>((indexes, time, index) => {
    if (!spans.some(([first, last]) => time >= first && time <= last)) indexes.push(index);
    return indexes;
  }, []);
  const pick = (column: Float64Array) => Float64Array.from(kept, (index) => column[index] as number);
  return { t: pick(bars.t), o: pick(bars.o), h: pick(bars.h), l: pick(bars.l), c: pick(bars.c) };
}
