// Every authenticated call looks up its session and user (access-tokens.ts: logout and a password
// change end a session at once), which under the dashboards' polling was one query per call. This
// keeps the answer for a short while, by session id, in this process.
//
// In this process a revocation clears it at once: the repositories that write sessions and users
// (logout, logout everywhere, password change and reset, 2FA changes, an admin blocking, editing or
// deleting a user) forget the session or the user's sessions as their write lands, after the
// commit when they write in a transaction; and a look-up that began before a forget never stores
// what it read, so a read racing a revocation cannot put the old row back.
//
// Other API processes on the same database learn of a revocation only when their entry expires:
// TTL_MS bounds that to two seconds (docs/benchmarks.md, API throughput). A write made behind the
// repositories' back (SQL by hand, another process) is seen as late, never later.
import type { UserRow } from '@platform/db';

/** How long a look-up's answer is reused: what another API process may lag behind a revocation. */
export const SESSION_CACHE_TTL_MS = 2000;
/** Past this many sessions the oldest entries go first. */
const MAX_ENTRIES = 50_000;

export interface SessionLookup {
  user: UserRow;
  revoked: boolean;
  createdAt: Date;
}

interface Entry {
  found: SessionLookup;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the forgets: a look-up stores its answer only if none happened while it ran. */
  private generation = 0;

  /** now: a monotonic clock in ms; the TTL is real time even where a test holds the app's clock still. */
  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(sessionId: string): SessionLookup | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.found;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Called before the look-up reads the database; its value goes to store. */
  begin(): number {
    return this.generation;
  }

  store(sessionId: string, found: SessionLookup, begun: number): void {
    if (begun !== this.generation || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.dropOldest();
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { found, until: this.now() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  /** Every cached session of the user: their row changed, or all their sessions ended. */
  forgetUser(userId: string): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (entry.found.user.id === userId) this.entries.delete(sessionId);
    }
  }

  /** Entries are kept in the order stored, so the first tenth are the oldest. */
  private dropOldest(): void {
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const sessionId of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(sessionId);
    }
  }
}
