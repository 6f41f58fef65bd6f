import { analyses, type AnalysisRow, type Database } from '@platform/db';
import { JOB_STATUS, type AnalysisResultsView } from '@platform/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { insertWithinLimit } from '../../lib/job-limit';
import { OwnerScopedList } from '../../lib/owner-scoped-list';

export type NewAnalysis = Pick<AnalysisRow, 'ownerId' | 'market' | 'fromDay' | 'toDay'>;

// The list an analyses view asks for every 5 s while a job is pending.
const listQuery = (db: Database) =>
  db.select().from(analyses).orderBy(desc(analyses.createdAt), desc(analyses.id)).$dynamic();

export class AnalysesRepository {
  private readonly lists: OwnerScopedList<ReturnType<typeof listQuery>>;

  constructor(private readonly db: Database) {
    this.lists = new OwnerScopedList(() => listQuery(db), analyses.ownerId, 'analyses_list');
  }

  /** Queues the analysis unless its owner already has maxUnfinished queued or running; undefined then. */
  insertWithin(values: NewAnalysis, maxUnfinished: number): Promise<AnalysisRow | undefined> {
    return insertWithinLimit(this.db, analyses, { ownerId: values.ownerId, maxUnfinished }, async (tx) => {
      const [row] = await tx.insert(analyses).values(values).returning();
      if (!row) throw new Error('analysis insert returned nothing');
      return row;
    });
  }

  /** Newest first; ownerId limits it to one owner's analyses. */
  list(ownerId?: string): Promise<AnalysisRow[]> {
    return this.lists.run(ownerId);
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
      .set({
        results,
        isCompleted: JOB_STATUS.done,
        leaseOwner: null,
        leaseExpiresAt: null,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(analyses.id, id),
          eq(analyses.leaseOwner, worker),
          eq(analyses.isCompleted, JOB_STATUS.running),
        ),
      )
      .returning({ id: analyses.id });
    return updated.length > 0;
  }
}
