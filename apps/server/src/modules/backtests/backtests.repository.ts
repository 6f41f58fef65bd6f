import { backtests, type BacktestRow, type Database } from '@platform/db';
import { JOB_STATUS, type BacktestResult } from '@platform/contracts';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';

export type NewBacktest = Pick<
  BacktestRow,
  | 'ownerId'
  | 'type'
  | 'market'
  | 'algorithmId'
  | 'algorithmName'
  | 'fromDay'
  | 'toDay'
  | 'capital'
  | 'accountType'
  | 'leverage'
  | 'dynamic'
  | 'close'
  | 'config'
>;

// The list never carries the result rows: a range has 1,323 of them per backtest.
const { results, ...listColumns } = getTableColumns(backtests);

export type BacktestSummaryRow = Omit<BacktestRow, 'results'>;

export class BacktestsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: NewBacktest): Promise<BacktestSummaryRow> {
    const [row] = await this.db.insert(backtests).values(values).returning(listColumns);
    if (!row) throw new Error('backtest insert returned nothing');
    return row;
  }

  /** Newest first; ownerId limits it to one owner's backtests. */
  list(ownerId?: string): Promise<BacktestSummaryRow[]> {
    const query = this.db.select(listColumns).from(backtests).orderBy(desc(backtests.createdAt), desc(backtests.id)).$dynamic();
    return ownerId ? query.where(eq(backtests.ownerId, ownerId)) : query;
  }

  async findById(id: string): Promise<BacktestRow | undefined> {
    const [row] = await this.db.select().from(backtests).where(eq(backtests.id, id)).limit(1);
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(backtests).where(eq(backtests.id, id));
  }

  /** Stores the results if the job is still this runner's; false otherwise (deleted or reclaimed). */
  async complete(id: string, worker: string, results: BacktestResult[], fxFallback: boolean): Promise<boolean> {
    const updated = await this.db
      .update(backtests)
      .set({
        results,
        resultCount: results.length,
        fxFallback,
        isCompleted: JOB_STATUS.done,
        leaseOwner: null,
        leaseExpiresAt: null,
        finishedAt: new Date(),
      })
      .where(and(eq(backtests.id, id), eq(backtests.leaseOwner, worker), eq(backtests.isCompleted, JOB_STATUS.running)))
      .returning({ id: backtests.id });
    return updated.length > 0;
  }
}
