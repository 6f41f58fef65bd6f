import type { LogEntry } from '@platform/contracts';
import { auditLogs, users, type Database } from '@platform/db';
import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { isoTime, jsonArrayOf, jsonFields, jsonObject, JsonText } from '../../lib/json-list';

export interface NewAuditLog {
  action: string;
  description: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/** A row as the API answers it, written as JSON by the database (lib/json-list.ts). */
const logFields = jsonFields({
  _id: auditLogs.id,
  action: auditLogs.action,
  description: auditLogs.description,
  timestamp: isoTime(auditLogs.createdAt),
  // A row of no user (a failed login of an unknown name), or of one since deleted: null.
  user: sql`case when ${users.id} is null then null else ${jsonObject({
    _id: users.id,
    firstname: users.firstname,
    lastname: users.lastname,
    username: users.username,
  })} end`,
  ipAddress: auditLogs.ipAddress,
  userAgent: auditLogs.userAgent,
  metadata: auditLogs.metadata,
});

/** Newest first: (created_at, id) is the list's order, so a cursor's page starts right after its row. */
const listQuery = (db: Database, conditions: SQL[]) =>
  db
    .select(logFields)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(and(...conditions))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .$dynamic();
const countQuery = (db: Database, conditions: SQL[]) =>
  db
    .select({ total: count() })
    .from(auditLogs)
    .where(and(...conditions));

// The Logs view's page by offset and its count, asked each time the view opens or turns a page:
// built once per variant and run as prepared statements (on PostgreSQL named ones, parsed once
// per connection). The cursor's pages, rarer, are built per call.
const byUser = () => [eq(auditLogs.userId, sql.placeholder('userId'))];
const pageOf = (db: Database, conditions: SQL[]) =>
  listQuery(db, conditions).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
const preparePage = (db: Database) => jsonArrayOf(db, pageOf(db, [])).prepare('logs_page');
const prepareUserPage = (db: Database) => jsonArrayOf(db, pageOf(db, byUser())).prepare('logs_page_of_user');
const prepareCount = (db: Database) => countQuery(db, []).prepare('logs_count');
const prepareUserCount = (db: Database) => countQuery(db, byUser()).prepare('logs_count_of_user');

export class LogsRepository {
  private everyPage: ReturnType<typeof preparePage> | undefined;
  private userPage: ReturnType<typeof prepareUserPage> | undefined;
  private everyCount: ReturnType<typeof prepareCount> | undefined;
  private userCount: ReturnType<typeof prepareUserCount> | undefined;

  constructor(private readonly db: Database) {}

  async insert(entry: NewAuditLog): Promise<void> {
    await this.db.insert(auditLogs).values(entry);
  }

  /**
   * Newest first; userId limits the list to one user's rows, page to limit rows older than the
   * row whose id is before (none when that row is gone), after skipping offset of them.
   */
  async list(
    userId?: string,
    page?: { limit: number; before?: string | undefined; offset?: number | undefined },
  ): Promise<JsonText<LogEntry[]>> {
    const [row] = await this.listRows(userId, page);
    return new JsonText(row?.json ?? '[]');
  }

  private listRows(
    userId?: string,
    page?: { limit: number; before?: string | undefined; offset?: number | undefined },
  ) {
    if (page && !page.before) {
      const at = { limit: page.limit, offset: page.offset ?? 0 };
      if (userId) {
        this.userPage ??= prepareUserPage(this.db);
        return this.userPage.execute({ ...at, userId });
      }
      this.everyPage ??= preparePage(this.db);
      return this.everyPage.execute(at);
    }
    const conditions = ownerCondition(userId);
    if (page?.before) {
      conditions.push(
        sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (select l.created_at, l.id from ${auditLogs} l where l.id = ${page.before})`,
      );
    }
    const query = listQuery(this.db, conditions);
    return jsonArrayOf(this.db, page ? query.limit(page.limit).offset(page.offset ?? 0) : query);
  }

  /** How many rows list answers without a page, for the same userId. */
  async count(userId?: string): Promise<number> {
    let row: { total: number } | undefined;
    if (userId) {
      this.userCount ??= prepareUserCount(this.db);
      [row] = await this.userCount.execute({ userId });
    } else {
      this.everyCount ??= prepareCount(this.db);
      [row] = await this.everyCount.execute();
    }
    return row?.total ?? 0;
  }

  /** Deletes the rows of the given actions that name no user and are older than before. */
  async deleteAnonymous(actions: readonly string[], before: Date): Promise<void> {
    await this.db
      .delete(auditLogs)
      .where(
        and(
          isNull(auditLogs.userId),
          inArray(auditLogs.action, [...actions]),
          lt(auditLogs.createdAt, before),
        ),
      );
  }
}

/** list and count agree on whose rows they see: one user's, or everyone's (no condition). */
function ownerCondition(userId: string | undefined): SQL[] {
  return userId ? [eq(auditLogs.userId, userId)] : [];
}
