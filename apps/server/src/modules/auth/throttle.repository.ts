// The login_throttle counters. Every change runs in a transaction on rows locked for update, so
// parallel attempts on one key (or on one key from several servers) count one by one.
import { loginThrottle, type Database } from '@platform/db';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

export interface CounterPolicy {
  /** Failures allowed in a window; the next attempt is refused. */
  max: number;
  windowMs: number;
  /** Reaching max locks the key this long, doubled at each lock in a row; null: refused until the window ends. */
  lockMs: number | null;
}

export interface Counter {
  key: string;
  policy: CounterPolicy;
}

/** Why an attempt was refused: the counter over its limit and until when. */
export interface Refusal {
  key: string;
  until: Date;
}

type Row = typeof loginThrottle.$inferSelect;

/** Longest lock, however many came before. */
const MAX_LOCK_MS = 24 * 60 * 60_000;

export class ThrottleRepository {
  constructor(private readonly db: Database) {}

  /**
   * Counts an attempt on every counter, as a failure until settled; refused (nothing counted)
   * while one of them is locked or has used up its window.
   */
  async reserve(counters: Counter[], now: Date): Promise<{ refusal: Refusal } | { atLimit: boolean }> {
    let atLimit = false;
    const refusal = await this.onRows(counters, now, (rows) => {
      for (const { key, policy } of counters) {
        const row = current(rowOf(rows, key), policy, now);
        if (row.lockedUntil && row.lockedUntil > now) return { refusal: { key, until: row.lockedUntil } };
        if (row.failures >= policy.max) {
          return { refusal: { key, until: new Date(row.windowStartedAt.getTime() + policy.windowMs) } };
        }
      }
      return {
        writes: counters.map(({ key, policy }) => {
          const row = current(rowOf(rows, key), policy, now);
          if (policy.lockMs !== null && row.failures + 1 >= policy.max) atLimit = true;
          return { ...row, failures: row.failures + 1 };
        }),
      };
    });
    return refusal ? { refusal } : { atLimit };
  }

  /**
   * The attempt failed: counters with a lock policy that reached their limit lock; answers those.
   * Only needed when reserve answered atLimit.
   */
  async settleFailure(counters: Counter[], now: Date): Promise<{ key: string; until: Date }[]> {
    const locked: { key: string; until: Date }[] = [];
    await this.onRows(counters, now, (rows) => ({
      writes: counters.flatMap(({ key, policy }) => {
        const row = rowOf(rows, key);
        if (policy.lockMs === null || row.failures < policy.max) return [];
        const until = new Date(now.getTime() + Math.min(policy.lockMs * 2 ** row.locks, MAX_LOCK_MS));
        locked.push({ key, until });
        return [{ ...row, failures: 0, windowStartedAt: now, lockedUntil: until, locks: row.locks + 1 }];
      }),
    }));
    return locked;
  }

  /** The attempt succeeded: resets the counters in reset, takes the attempt back from the others. */
  async settleSuccess(reset: string[], takeBack: string[], now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (reset.length > 0) await tx.delete(loginThrottle).where(inArray(loginThrottle.key, reset));
      if (takeBack.length > 0) {
        await tx
          .update(loginThrottle)
          .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, updatedAt: now })
          .where(inArray(loginThrottle.key, takeBack));
      }
    });
  }

  /** The attempt was never made (the server was busy): takes it back from every counter. */
  async cancel(keys: string[], now: Date): Promise<void> {
    await this.settleSuccess([], keys, now);
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
  }

  /** Drops counters untouched since before, with no lock still running. */
  async deleteStale(before: Date, now: Date): Promise<void> {
    await this.db
      .delete(loginThrottle)
      .where(
        and(
          lt(loginThrottle.updatedAt, before),
          or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
        ),
      );
  }

  private async onRows<T>(
    counters: Counter[],
    now: Date,
    decide: (rows: Map<string, Row>) => { refusal?: T; writes?: Row[] },
  ): Promise<T | null> {
    // Keys in one order, so two transactions never wait on each other's rows crosswise.
    const keys = [...new Set(counters.map((counter) => counter.key))].sort();
    return this.db.transaction(async (tx) => {
      // Inserted first so that even the first attempts on a key wait for each other's row lock.
      const inserted = await tx
        .insert(loginThrottle)
        .values(keys.map((key) => ({ key, failures: 0, windowStartedAt: now, updatedAt: now })))
        .onConflictDoNothing()
        .returning({ key: loginThrottle.key });
      const found = await tx
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, keys))
        .orderBy(loginThrottle.key)
        .for('update');
      const { refusal, writes = [] } = decide(new Map(found.map((row) => [row.key, row])));
      // A refused attempt leaves no new row behind: refusals must not fill the table.
      if (refusal && inserted.length > 0) {
        await tx.delete(loginThrottle).where(
          inArray(
            loginThrottle.key,
            inserted.map((row) => row.key),
          ),
        );
      }
      for (const row of writes) {
        await tx
          .update(loginThrottle)
          .set({
            failures: row.failures,
            windowStartedAt: row.windowStartedAt,
            lockedUntil: row.lockedUntil,
            locks: row.locks,
            updatedAt: now,
          })
          .where(eq(loginThrottle.key, row.key));
      }
      return refusal ?? null;
    });
  }
}

/** The row as it stands now: an ended lock or window starts a new window (a lock streak is kept). */
function current(row: Row, policy: CounterPolicy, now: Date): Row {
  const fresh = { failures: 0, windowStartedAt: now, lockedUntil: null };
  if (row.lockedUntil) return row.lockedUntil > now ? row : { ...row, ...fresh };
  if (row.windowStartedAt.getTime() + policy.windowMs <= now.getTime()) return { ...row, ...fresh };
  return row;
}

/** onRows inserts every key before it reads them, so a missing row is a bug. */
function rowOf(rows: Map<string, Row>, key: string): Row {
  const row = rows.get(key);
  if (!row) throw new Error(`login_throttle row ${key} missing`);
  return row;
}
