// The audit trail: every mutation and every login attempt leaves a row (DESIGN.md section 4).
import type { LogEntry, Role } from '@platform/contracts';
import type { Clock } from '../../lib/clock';
import type { RequestOrigin } from '../../lib/http';
import type { LogsRepository } from './logs.repository';

export interface AuditEntry {
  action: string;
  description: string;
  userId?: string | null;
  origin?: RequestOrigin;
  metadata?: Record<string, unknown>;
}

/** What other services need of this module: a way to write the trail. */
export interface AuditTrail {
  record(entry: AuditEntry): Promise<void>;
}

export class LogsService implements AuditTrail {
  constructor(
    private readonly repository: LogsRepository,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.repository.insert({
      action: entry.action,
      description: entry.description,
      userId: entry.userId ?? null,
      ipAddress: entry.origin?.ipAddress ?? null,
      userAgent: entry.origin?.userAgent ?? null,
      metadata: entry.metadata ?? null,
      createdAt: this.clock.now(),
    });
  }

  /** Admins see every row, everyone else their own. */
  async list(viewer: { id: string; role: Role }): Promise<LogEntry[]> {
    const rows = await this.repository.list(viewer.role === 'admin' ? undefined : viewer.id);
    return rows.map((row) => ({
      _id: row.id,
      action: row.action,
      description: row.description,
      timestamp: row.createdAt.toISOString(),
      user: row.user && { _id: row.user.id, firstname: row.user.firstname, lastname: row.user.lastname, username: row.user.username },
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      metadata: row.metadata,
    }));
  }
}
