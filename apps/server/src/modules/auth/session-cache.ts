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
// Other API processes on the same database: on its own, a cache learns of their revocations when
// its entry expires, SESSION_CACHE_TTL_MS (two seconds) at most. Shared through the database's
// notifications (session-revocations.ts), every forget is also told to the other processes, which
// forget the same at once (within the notification's trip, milliseconds), and their entries live
// SHARED_SESSION_CACHE_TTL_MS, which then bounds only the moments the notifications are down. A
// write made behind the repositories' back (SQL by hand) is seen when the entry expires.
import type { UserRow } from '@platform/db';

/** How long a look-up's answer is reused: what another API process may lag behind a revocation. */
export const SESSION_CACHE_TTL_MS = 2000;
/** The same while revocations are shared between the processes (session-revocations.ts). */
export const SHARED_SESSION_CACHE_TTL_MS = 5000;
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

/** A forget as the other processes hear it. */
export type Revocation = { session: string } | { user: string };

/** Where a forget is told to the other processes sharing the database (session-revocations.ts). */
export type RevocationPeers = (revocation: Revocation) => void;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts the forgets: a look-up stores its answer only if none happened while it ran. */
  private generation = 0;
  private peers: RevocationPeers | undefined;

  /** now: a monotonic clock in ms; the TTL is real time even where a test holds the app's clock still. */
  constructor(
    private ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** From now on every forget is also told to peers, and entries live ttlMs. */
  shareWith(peers: RevocationPeers, ttlMs: number): void {
    this.peers = peers;
    this.ttlMs = ttlMs;
  }

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
    this.heard({ session: sessionId });
    this.peers?.({ session: sessionId });
  }

  /** Every cached session of the user: their row changed, or all their sessions ended. */
  forgetUser(userId: string): void {
    this.heard({ user: userId });
    this.peers?.({ user: userId });
  }

  /** A forget here, or one another process told. */
  heard(revocation: Revocation): void {
    this.generation++;
    if ('session' in revocation) {
      this.entries.delete(revocation.session);
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.found.user.id === revocation.user) this.entries.delete(sessionId);
    }
  }

  /** Everything: what other processes told while the notifications were down is not known. */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
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
