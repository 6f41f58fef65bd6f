import { auditLogs, users, type Database } from '@platform/db';
import { desc, eq } from 'drizzle-orm';

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

  /** Newest first; userId limits the list to one user's rows. */
  async list(userId?: string) {
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
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .$dynamic();
    return userId ? query.where(eq(auditLogs.userId, userId)) : query;
  }
}
