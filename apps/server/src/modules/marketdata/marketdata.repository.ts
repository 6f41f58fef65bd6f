import type { Market, Timeframe } from '@platform/contracts';
import { marketDataSets, type Database, type MarketDataSetRow } from '@platform/db';
import { and, asc, eq, sql } from 'drizzle-orm';

export type MarketDataSource = MarketDataSetRow['sources'][number];

export interface SavedMarketDataSet {
  market: Market;
  timeframe: Timeframe;
  rows: number;
  firstTime: Date | null;
  lastTime: Date | null;
  sources: MarketDataSource[];
}

/** The metadata rows of the bar store's sets (the bars themselves are files, see BarStore). */
export class MarketDataRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<MarketDataSetRow[]> {
    return this.db
      .select()
      .from(marketDataSets)
      .orderBy(asc(marketDataSets.market), asc(marketDataSets.timeframe));
  }

  async find(market: Market, timeframe: Timeframe): Promise<MarketDataSetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketDataSets)
      .where(and(eq(marketDataSets.market, market), eq(marketDataSets.timeframe, timeframe)))
      .limit(1);
    return row;
  }

  async save(set: SavedMarketDataSet): Promise<void> {
    const values = { rows: set.rows, firstTime: set.firstTime, lastTime: set.lastTime, sources: set.sources };
    await this.db
      .insert(marketDataSets)
      .values({ market: set.market, timeframe: set.timeframe, ...values })
      .onConflictDoUpdate({
        target: [marketDataSets.market, marketDataSets.timeframe],
        set: { ...values, updatedAt: sql`now()` },
      });
  }
}
