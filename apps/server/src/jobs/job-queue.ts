// The job queue is the rows of the job tables themselves (DESIGN.md section 3): a runner claims
// the oldest queued row with FOR UPDATE SKIP LOCKED, so runners never take the same row, and holds
// it by a lease it renews while working. A runner that dies stops renewing; once its lease
// expires the row is claimed again, unless the runner itself comes back first and takes back its
// own rows (takeBack, job-runner.ts). Works the same on PGlite and on PostgreSQL.
import { queryRows, type alertDeliveries, type analyses, type backtests, type Database } from '@platform/db';
import { JOB_STATUS } from '@platform/contracts';
import { sql } from 'drizzle-orm';

export type JobTable = typeof backtests | typeof analyses | typeof alertDeliveries;

/** A table whose rows may wait for a moment before they are claimed (a retry's back-off). */
const waits = (table: JobTable) => 'runAfter' in table;

export interface ClaimedJob {
  id: string;
  /** How many times the row was claimed, this time included. */
  attempts: number;
}

export class JobQueue {
  constructor(
    private readonly db: Database,
    private readonly table: JobTable,
  ) {}

  /** Claims the oldest queued job (whose back-off is over), or one whose runner's lease expired. */
  async claim(worker: string, leaseMs: number): Promise<ClaimedJob | null> {
    const { table } = this;
    const due = waits(table) ? sql`AND (run_after IS NULL OR run_after <= now())` : sql``;
    const rows = await queryRows<{ id: string; attempts: number }>(
      this.db,
      sql`
      UPDATE ${table}
      SET is_completed = ${JOB_STATUS.running},
          lease_owner = ${worker},
          lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
          attempts = attempts + 1,
          started_at = now(),
          error = NULL
      WHERE id = (
        SELECT id FROM ${table}
        WHERE (is_completed = ${JOB_STATUS.queued} ${due})
           OR (is_completed = ${JOB_STATUS.running} AND lease_expires_at < now())
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, attempts`,
    );
    const row = rows[0];
    return row ? { id: row.id, attempts: Number(row.attempts) } : null;
  }

  /** Extends the lease; false when the job is no longer this runner's (deleted, or reclaimed). */
  async renew(id: string, worker: string, leaseMs: number): Promise<boolean> {
    const { table } = this;
    const rows = await queryRows(
      this.db,
      sql`
      UPDATE ${table} SET lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
      WHERE id = ${id} AND lease_owner = ${worker} AND is_completed = ${JOB_STATUS.running}
      RETURNING id`,
    );
    return rows.length > 0;
  }

  async fail(id: string, worker: string, message: string): Promise<void> {
    const { table } = this;
    await this.db.execute(sql`
      UPDATE ${table}
      SET is_completed = ${JOB_STATUS.failed}, error = ${message}, lease_owner = NULL, lease_expires_at = NULL, finished_at = now()
      WHERE id = ${id} AND lease_owner = ${worker} AND is_completed = ${JOB_STATUS.running}`);
  }

  /** Puts a failed attempt back in the queue, not to be claimed for delayMs (tables with run_after only). */
  async retry(id: string, worker: string, message: string, delayMs: number): Promise<void> {
    const { table } = this;
    if (!waits(table)) throw new Error('this queue has no back-off');
    await this.db.execute(sql`
      UPDATE ${table}
      SET is_completed = ${JOB_STATUS.queued}, error = ${message}, lease_owner = NULL, lease_expires_at = NULL,
          run_after = now() + ${delayMs} * interval '1 millisecond'
      WHERE id = ${id} AND lease_owner = ${worker} AND is_completed = ${JOB_STATUS.running}`);
  }

  /**
   * Puts back in the queue, in one statement, the jobs left running by an earlier start of this
   * runner: every one when `owners` is 'all' (PGlite: no other runner can hold them), else those
   * whose lease owner starts with the prefix (a RUNNER_NAME). The claim that killed the process
   * stays counted, so a job that keeps killing its runner still gives up. Answers their ids.
   */
  async takeBack(owners: 'all' | { prefix: string }): Promise<string[]> {
    const { table } = this;
    const whose = owners === 'all' ? sql`` : sql`AND starts_with(lease_owner, ${owners.prefix})`;
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`
      UPDATE ${table}
      SET is_completed = ${JOB_STATUS.queued}, lease_owner = NULL, lease_expires_at = NULL, started_at = NULL
      WHERE is_completed = ${JOB_STATUS.running} ${whose}
      RETURNING id`,
    );
    return rows.map((row) => row.id);
  }

  /** The runners' view of the work left, for a runner deciding whether to keep polling fast. */
  async pending(): Promise<number> {
    const { table } = this;
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`SELECT count(*)::int AS count FROM ${table} WHERE is_completed IN (${JOB_STATUS.queued}, ${JOB_STATUS.running})`,
    );
    return Number(rows[0]?.count ?? 0);
  }
}
