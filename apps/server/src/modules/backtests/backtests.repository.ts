import { backtests, type BacktestRow, type Database } from '@platform/db';
import { JOB_STATUS, type BacktestResult } from '@platform/contracts';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { insertWithinLimit } from '../../lib/job-limit';
import { OwnerScopedList } from '../../lib/owner-scoped-list';

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

// The list a backtests view asks for every 5 s while a job is pending.
const listQuery = (db: Database) =>
  db.select(listColumns).from(backtests).orderBy(desc(backtests.createdAt), desc(backtests.id)).$dynamic();

export class BacktestsRepository {
  private readonly lists: OwnerScopedList<ReturnType<typeof listQuery>>;

  constructor(private readonly db: Database) {
    this.lists = new OwnerScopedList(() => listQuery(db), backtests.ownerId, 'backtests_list');
  }

  /** Queues the backtest unless its owner already has maxUnfinished queued or running; undefined then. */
  insertWithin(values: NewBacktest, maxUnfinished: number): Promise<BacktestSummaryRow | undefined> {
    return insertWithinLimit(this.db, backtests, { ownerId: values.ownerId, maxUnfinished }, async (tx) => {
      const [row] = await tx.insert(backtests).values(values).returning(listColumns);
      if (!row) throw new Error('backtest insert returned nothing');
      return row;
    });
  }

  /** Newest first; ownerId limits it to one owner's backtests. */
  list(ownerId?: string): Promise<BacktestSummaryRow[]> {
    return this.lists.run(ownerId);
  }

  async findById(id: string): Promise<BacktestRow | undefined> {
    const [row] = await this.db.select().from(backtests).where(eq(backtests.id, id)).limit(1);
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(backtests).where(eq(backtests.id, id));
  }

  /** Stores the results if the job is still this runner's; false otherwise (deleted or reclaimed). */
  async complete(
    id: string,
    worker: string,
    results: BacktestResult[],
    fxFallback: boolean,
  ): Promise<boolean> {
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
      .where(
        and(
          eq(backtests.id, id),
          eq(backtests.leaseOwner, worker),
          eq(backtests.isCompleted, JOB_STATUS.running),
        ),
      )
      .returning({ id: backtests.id });
    return updated.length > 0;
  }
}
