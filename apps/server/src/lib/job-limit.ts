// MAX_JOBS_PER_USER: how many backtests, and how many analyses, one user may have queued or
// running at once. The count and the insert of a new one happen under one lock.
import { JOB_STATUS } from '@platform/contracts';
import { users, type analyses, type backtests, type Database } from '@platform/db';
import { and, count, eq, inArray } from 'drizzle-orm';

/**
 * Runs insert unless the owner already has maxUnfinished jobs of the table queued or running;
 * undefined then. The owner's user row stays locked from the count to the insert, so parallel
 * submissions (from any server on the same PostgreSQL) are counted one after the other.
 */
export function insertWithinLimit<Row>(
  db: Database,
  table: typeof backtests | typeof analyses,
  { ownerId, maxUnfinished }: { ownerId: string; maxUnfinished: number },
  insert: (tx: Database) => Promise<Row>,
): Promise<Row | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [unfinished] = await tx
      .select({ count: count() })
      .from(table)
      .where(
        and(eq(table.ownerId, ownerId), inArray(table.isCompleted, [JOB_STATUS.queued, JOB_STATUS.running])),
      );
    if ((unfinished?.count ?? 0) >= maxUnfinished) return undefined;
    return insert(tx);
  });
}
