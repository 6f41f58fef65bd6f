// The session cache of every process on one database, shared: each forget (a logout, a password
// change, a user blocked, ...) is sent on a notification channel (PostgreSQL's LISTEN/NOTIFY through
// the database handle's notifications; within the one process on PGlite), and every process that
// hears it forgets the same session or user at once. Entries then live SHARED_SESSION_CACHE_TTL_MS,
// which bounds only what the notifications miss: a notification that could not be sent, or the
// moments a connection is down, after which the process forgets everything it held (its
// notifications listen again, but what was sent meanwhile is lost). Until the channel listens,
// and when it cannot, the cache is this process's own, with its two-second entries.
import { SessionCache, SHARED_SESSION_CACHE_TTL_MS, type Revocation } from './session-cache';

/** The database's notifications, as @platform/db's handle gives them (a subset). */
export interface RevocationNotifications {
  listen(channel: string, listener: (payload: string) => void): Promise<unknown>;
  notify(channel: string, payload: string): Promise<void>;
  /** Called once a dropped connection listens again. */
  onReconnect(listener: () => void): unknown;
}

export const SESSION_REVOCATIONS_CHANNEL = 'session_revocations';

/** A payload as a revocation, or undefined for anything else (a channel is no trusted input). */
function revocationOf(payload: string): Revocation | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return undefined;
    if ('session' in value && typeof value.session === 'string') return { session: value.session };
    if ('user' in value && typeof value.user === 'string') return { user: value.user };
  } catch {
    // Not JSON: not ours.
  }
  return undefined;
}

/** The process's session cache, shared through notifications once they listen, when given. */
export function sessionCacheFor(
  notifications: RevocationNotifications | undefined,
  cache = new SessionCache(),
): SessionCache {
  if (!notifications) return cache;
  notifications.onReconnect(() => cache.forgetAll());
  const tell = (revocation: Revocation) => {
    // A notification not sent reaches the others when their entries expire.
    void notifications.notify(SESSION_REVOCATIONS_CHANNEL, JSON.stringify(revocation)).catch(() => undefined);
  };
  void notifications
    .listen(SESSION_REVOCATIONS_CHANNEL, (payload) => {
      const revocation = revocationOf(payload);
      if (revocation) cache.heard(revocation);
    })
    .then(
      () => cache.shareWith(tell, SHARED_SESSION_CACHE_TTL_MS),
      () => undefined,
    );
  return cache;
}
