// Demo price history (DEMO_DATA): synthetic 1m bars for the last two years of the product span,
// written on first start for each market that has none, so backtests, analyses and charts work
// out of the box. Uploads merge over them: an uploaded bar replaces the synthetic one of its minute.
import { PERIOD_LAST_DAY, type Market, marketSchema } from '@platform/contracts';
import type { Database } from '@platform/db';
import { BarStore, syntheticBars } from '@platform/marketdata';
import { MarketDataSets } from './market-data-sets';
import { MarketDataRepository } from './marketdata.repository';

const DAY = 86_400_000;

/** 2023-07-03 to 2025-07-02, both included: two years ending on the span's last day. */
export function demoHistorySpan(): { from: number; to: number } {
  const to = Date.parse(`${PERIOD_LAST_DAY}T00:00:00Z`) + DAY;
  const start = new Date(to);
  start.setUTCFullYear(start.getUTCFullYear() - 2);
  return { from: start.getTime(), to };
}

/** Seeds each market whose 1m set has no file yet; answers the markets seeded. */
export async function seedDemoMarketData(db: Database, marketDataDir: string): Promise<Market[]> {
  const sets = new MarketDataSets(new MarketDataRepository(db), new BarStore(marketDataDir), 0);
  const { from, to } = demoHistorySpan();
  const seeded: Market[] = [];
  for (const market of marketSchema.options) {
    if (await sets.exists(market, '1m')) continue;
    const bars = syntheticBars(market, from, to);
    await sets.merge(market, '1m', bars, {
      file: 'dati sintetici (demo)',
      format: 'synthetic',
      rows: bars.t.length,
      at: new Date().toISOString(),
    });
    seeded.push(market);
  }
  return seeded;
}
