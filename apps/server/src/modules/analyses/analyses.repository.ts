import { analyses, users, type AnalysisRow, type Database } from '@platform/db';
import { JOB_STATUS, type AnalysisResultsView } from '@platform/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';

export type NewAnalysis = Pick<AnalysisRow, 'ownerId' | 'market' | 'fromDay' | 'toDay'>;

// The list an analyses view asks for every 5 s while a job is pending: each variant is built
// once and run as a prepared statement (on PostgreSQL a named one, parsed once per connection).
const listQuery = (db: Database) =>
  db.select().from(analyses).orderBy(desc(analyses.createdAt), desc(analyses.id)).$dynamic();
const prepareList = (db: Database) => listQuery(db).prepare('analyses_list');
const prepareOwnerList = (db: Database) =>
  listQuery(db)
    .where(eq(analyses.ownerId, sql.placeholder('ownerId')))
    .prepare('analyses_list_of_owner');

export class AnalysesRepository {
  private everyList: ReturnType<typeof prepareList> | undefined;
  private ownerList: ReturnType<typeof prepareOwnerList> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Queues the analysis unless its owner already has maxUnfinished queued or running; undefined
   * then. The owner's user row stays locked from the count to the insert, so parallel submissions
   * are counted one after the other.
   */
  insertWithin(values: NewAnalysis, maxUnfinished: number): Promise<AnalysisRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.ownerId)).for('update');
      const [unfinished] = await tx
        .select({ count: count() })
        .from(analyses)
        .where(and(eq(analyses.ownerId, values.ownerId), inArray(analyses.isCompleted, [JOB_STATUS.queued, JOB_STATUS.running])));
      if ((unfinished?.count ?? 0) >= maxUnfinished) return undefined;
      const [row] = await tx.insert(analyses).values(values).returning();
      if (!row) throw new Error('analysis insert returned nothing');
      return row;
    });
  }

  /** Newest first; ownerId limits it to one owner's analyses. */
  list(ownerId?: string): Promise<AnalysisRow[]> {
    if (ownerId) {
      this.ownerList ??= prepareOwnerList(this.db);
      return this.ownerList.execute({ ownerId });
    }
    this.everyList ??= prepareList(this.db);
    return this.everyList.execute();
  }

  async findById(id: string): Promise<AnalysisRow | undefined> {
    const [row] = await this.db.select().from(analyses).where(eq(analyses.id, id)).limit(1);
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(analyses).where(eq(analyses.id, id));
  }

  /** Stores the results if the job is still this runner's; false otherwise (deleted or reclaimed). */
  async complete(id: string, worker: string, results: AnalysisResultsView): Promise<boolean> {
    const updated = await this.db
      .update(analyses)
      .set({ results, isCompleted: JOB_STATUS.done, leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() })
      .where(and(eq(analyses.id, id), eq(analyses.leaseOwner, worker), eq(analyses.isCompleted, JOB_STATUS.running)))
      .returning({ id: analyses.id });
    return updated.length > 0;
  }
}
