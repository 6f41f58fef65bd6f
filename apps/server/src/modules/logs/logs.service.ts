// The audit trail: every mutation and every login attempt leaves a row (DESIGN.md section 4).
import type { LogEntry, LogsCount, LogsPageQuery } from '@platform/contracts';
import type { Clock } from '../../lib/clock';
import type { JsonText } from '../../lib/json-list';
import type { RequestOrigin } from '../../lib/http';
import type { LogsRepository } from './logs.repository';
import { ownerScope, type Viewer } from '../../lib/policy';
import type { Logger } from '../../lib/logger';

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
  /** A security event that leaves no row (a refused attempt, which a flood would repeat): a warn line only. */
  warn(event: SecurityEvent): void;
}

export interface SecurityEvent {
  action: string;
  description: string;
  userId?: string | null;
  origin?: RequestOrigin;
}

/**
 * Rows an operator should see in the server's log too, at warn: locks, 2FA changes, reveals of
 * broker credentials, a stolen refresh token. The line carries the action, user and address and
 * the row's description, which never holds a password, code or key; never the metadata.
 */
const SECURITY_ACTIONS: ReadonlySet<string> = new Set([
  'LOGIN_LOCKED',
  'OTP_LOCKED',
  'OTP_ENABLED',
  'OTP_DISABLED',
  'OTP_RESET_BY_ADMIN',
  'CREDENTIALS_REVEALED',
  'REFRESH_TOKEN_REUSED',
]);

/**
 * What anyone can make the server write without an account: failed logins of unknown or locked
 * usernames and resets asked for unknown addresses. Kept only AUDIT_ANON_DAYS, so a flood of
 * them cannot grow the table for ever.
 */
const ANONYMOUS_ACTIONS = ['LOGIN_FAILED', 'LOGIN_LOCKED', 'PASSWORD_RESET_IGNORED'] as const;

const DAY_MS = 24 * 60 * 60_000;
/** Rows of a page asked for without limit (before or offset alone): the view's default page. */
const DEFAULT_PAGE = 50;

export class LogsService implements AuditTrail {
  constructor(
    private readonly repository: LogsRepository,
    private readonly clock: Clock,
    private readonly options: {
      /** Days the anonymous rows are kept (AUDIT_ANON_DAYS). */
      anonymousDays: number;
      /** Without one security events are only rows (tests of the API alone). */
      logger?: Pick<Logger, 'warn'> | undefined;
    } = { anonymousDays: 30 },
  ) {}

  warn(event: SecurityEvent): void {
    this.options.logger?.warn(
      { securityEvent: event.action, userId: event.userId ?? null, ip: event.origin?.ipAddress ?? null },
      event.description,
    );
  }

  async record(entry: AuditEntry): Promise<void> {
    if (SECURITY_ACTIONS.has(entry.action)) this.warn(entry);
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

  /** Deletes the anonymous rows older than AUDIT_ANON_DAYS; rows of a user are kept. */
  pruneAnonymous(): Promise<void> {
    return this.repository.deleteAnonymous(
      ANONYMOUS_ACTIONS,
      new Date(this.clock.now().getTime() - this.options.anonymousDays * DAY_MS),
    );
  }

  /** Admins see every row, everyone else their own; a page when any paging parameter is given, else all. */
  list(viewer: Viewer, query: LogsPageQuery = {}): Promise<JsonText<LogEntry[]>> {
    const paged = query.limit !== undefined || query.before !== undefined || query.offset !== undefined;
    const page = paged
      ? { limit: query.limit ?? DEFAULT_PAGE, before: query.before, offset: query.offset }
      : undefined;
    return this.repository.list(ownerOf(viewer), page);
  }

  /** The length of the list this viewer gets without paging: the view's counter and last page. */
  async count(viewer: Viewer): Promise<LogsCount> {
    return { total: await this.repository.count(ownerOf(viewer)) };
  }
}

/** Whose rows a viewer sees: everyone's for admins (undefined), else only their own. */
function ownerOf(viewer: Viewer): string | undefined {
  return ownerScope(viewer);
}
