import { instruments, type Database, type InstrumentRow } from '@platform/db';
import type { Market } from '@platform/contracts';
import { asc, eq } from 'drizzle-orm';

export class InstrumentsRepository {
  constructor(private readonly db: Database) {}

  list(): Promise<InstrumentRow[]> {
    return this.db.select().from(instruments).orderBy(asc(instruments.market));
  }

  async find(market: Market): Promise<InstrumentRow | undefined> {
    const [row] = await this.db.select().from(instruments).where(eq(instruments.market, market)).limit(1);
    return row;
  }
}
