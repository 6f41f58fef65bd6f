import { auditLogs, users, type Database } from '@platform/db';
import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';

export interface NewAuditLog {
  action: string;
  description: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

export class LogsRepository {
  constructor(private readonly db: Database) {}

  async insert(entry: NewAuditLog): Promise<void> {
    await this.db.insert(auditLogs).values(entry);
  }

  /**
   * Newest first; userId limits the list to one user's rows, page to limit rows older than the
   * row whose id is before (none when that row is gone), after skipping offset of them.
   */
  async list(userId?: string, page?: { limit: number; before?: string | undefined; offset?: number | undefined }) {
    const conditions = ownerCondition(userId);
    // (created_at, id) is the list's order, so a page starts right after the cursor row even
    // when several rows share its timestamp.
    if (page?.before) {
      conditions.push(
        sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (select l.created_at, l.id from ${auditLogs} l where l.id = ${page.before})`,
      );
    }
    const query = this.db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        description: auditLogs.description,
        createdAt: auditLogs.createdAt,
        ipAddress: auditLogs.ipAddress,
        userAgent: auditLogs.userAgent,
        metadata: auditLogs.metadata,
        user: { id: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username },
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(and(...conditions))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .$dynamic();
    return page ? query.limit(page.limit).offset(page.offset ?? 0) : query;
  }

  /** How many rows list answers without a page, for the same userId. */
  async count(userId?: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(auditLogs)
      .where(and(...ownerCondition(userId)));
    return row?.total ?? 0;
  }

  /** Deletes the rows of the given actions that name no user and are older than before. */
  async deleteAnonymous(actions: readonly string[], before: Date): Promise<void> {
    await this.db
      .delete(auditLogs)
      .where(and(isNull(auditLogs.userId), inArray(auditLogs.action, [...actions]), lt(auditLogs.createdAt, before)));
  }
}

/** list and count agree on whose rows they see: one user's, or everyone's (no condition). */
function ownerCondition(userId: string | undefined): SQL[] {
  return userId ? [eq(auditLogs.userId, userId)] : [];
}
