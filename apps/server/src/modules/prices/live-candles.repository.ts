// The feed's closed candles in the database (issue 36): the writer saves them, an investment's
// chart reads back those of its period, the bot host's memory keeping only the last days.
import type { LiveCandle, Market } from '@platform/contracts';
import { liveCandles, type Database } from '@platform/db';
import { and, asc, eq, gte, lte, max, sql } from 'drizzle-orm';
import type { StoredLiveCandles } from './live-candles';

export interface MarketCandle {
  market: Market;
  candle: LiveCandle;
}

/** Rows per statement: six parameters each stays far under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

export class LiveCandlesRepository implements StoredLiveCandles {
  constructor(private readonly db: Database) {}

  /** Inserts the candles; one already stored at the same market and time takes the new values. */
  async save(candles: MarketCandle[]): Promise<void> {
    for (let start = 0; start < candles.length; start += ROWS_PER_INSERT) {
      const rows = candles.slice(start, start + ROWS_PER_INSERT).map(({ market, candle }) => ({
        market,
        time: new Date(candle.time * 1000),
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
      }));
      await this.db
        .insert(liveCandles)
        .values(rows)
        .onConflictDoUpdate({
          target: [liveCandles.market, liveCandles.time],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
          },
        });
    }
  }

  async between(market: Market, from: number, to: number): Promise<LiveCandle[]> {
    // The candle under way at `from` starts at or before it: the period's first prices are its.
    const underWay = this.db
      .select({ time: max(liveCandles.time) })
      .from(liveCandles)
      .where(and(eq(liveCandles.market, market), lte(liveCandles.time, new Date(from))));
    const rows = await this.db
      .select()
      .from(liveCandles)
      .where(
        and(
          eq(liveCandles.market, market),
          gte(liveCandles.time, sql`coalesce((${underWay}), ${new Date(from).toISOString()}::timestamptz)`),
          lte(liveCandles.time, new Date(to)),
        ),
      )
      .orderBy(asc(liveCandles.time));
    return rows.map((row) => ({
      time: row.time.getTime() / 1000,
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
    }));
  }
}
