import { backtests, users, type BacktestRow, type Database } from '@platform/db';
import { JOB_STATUS, type BacktestResult } from '@platform/contracts';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';

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

// The list a backtests view asks for every 5 s while a job is pending: each variant is built
// once and run as a prepared statement (on PostgreSQL a named one, parsed once per connection).
const listQuery = (db: Database) =>
  db.select(listColumns).from(backtests).orderBy(desc(backtests.createdAt), desc(backtests.id)).$dynamic();
const prepareList = (db: Database) => listQuery(db).prepare('backtests_list');
const prepareOwnerList = (db: Database) =>
  listQuery(db)
    .where(eq(backtests.ownerId, sql.placeholder('ownerId')))
    .prepare('backtests_list_of_owner');

export class BacktestsRepository {
  private everyList: ReturnType<typeof prepareList> | undefined;
  private ownerList: ReturnType<typeof prepareOwnerList> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Queues the backtest unless its owner already has maxUnfinished queued or running; undefined
   * then. The owner's user row stays locked from the count to the insert, so parallel submissions
   * (from any server on the same PostgreSQL) are counted one after the other.
   */
  insertWithin(values: NewBacktest, maxUnfinished: number): Promise<BacktestSummaryRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.ownerId)).for('update');
      const [unfinished] = await tx
        .select({ count: count() })
        .from(backtests)
        .where(and(eq(backtests.ownerId, values.ownerId), inArray(backtests.isCompleted, [JOB_STATUS.queued, JOB_STATUS.running])));
      if ((unfinished?.count ?? 0) >= maxUnfinished) return undefined;
      const [row] = await tx.insert(backtests).values(values).returning(listColumns);
      if (!row) throw new Error('backtest insert returned nothing');
      return row;
    });
  }

  /** Newest first; ownerId limits it to one owner's backtests. */
  list(ownerId?: string): Promise<BacktestSummaryRow[]> {
    if (ownerId) {
      this.ownerList ??= prepareOwnerList(this.db);
      return this.ownerList.execute({ ownerId });
    }
    this.everyList ??= prepareList(this.db);
    return this.everyList.execute();
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
