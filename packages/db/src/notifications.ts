// Notifications between the processes sharing one database (LISTEN/NOTIFY): prices from the feed
// to every bot host and API process, changes of investments to the bot hosts (docs/adr/0008).
// PostgreSQL: one connection of its own per process, for listening and for sending, so that what
// one process sends arrives in the order it was sent; a dropped connection is opened again and
// listens again (what was sent meanwhile is lost: listeners must not need every message). PGlite:
// its own listen/notify, within the one process that holds the database.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type NotificationListener = (payload: string) => void;

export interface Notifications {
  /** Calls the listener with each payload sent on the channel from now on; answers how to stop. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** Sends a payload (at most 8,000 bytes) to every listener of the channel, in this process and others. */
  notify(channel: string, payload: string): Promise<void>;
  /** Called after a dropped connection listens again: what was sent in between did not arrive. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkedChannel(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

export function pgliteNotifications(client: PGlite): Notifications {
  return {
    async listen(channel, listener) {
      const stop = await client.listen(checkedChannel(channel), listener);
      return () => stop();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [checkedChannel(channel), payload]);
    },
    onReconnect: () => () => undefined,
    close: () => Promise.resolve(),
  };
}

/** The connection's name in pg_stat_activity: an operator (or a test) can tell it from the pool's. */
export const NOTIFICATIONS_CONNECTION = 'platform-notifications';

/** Waits between attempts to open the connection again. */
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

export function postgresNotifications(url: string): Notifications {
  const listeners = new Map<string, Set<NotificationListener>>();
  const reconnectListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let sending: Promise<unknown> = Promise.resolve();
  let closed = false;
  let failures = 0;

  const open = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    opening ??= (async () => {
      const next = new pg.Client({ connectionString: url, application_name: NOTIFICATIONS_CONNECTION });
      next.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
      });
      next.on('error', () => dropped(next));
      next.on('end', () => dropped(next));
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`LISTEN ${channel}`);
      client = next;
      failures = 0;
      return next;
    })().finally(() => {
      opening = null;
    });
    return opening;
  };

  function dropped(which: pg.Client): void {
    if (client !== which && client !== null) return;
    client = null;
    which.removeAllListeners('notification');
    void which.end().catch(() => undefined);
    if (!closed) reopen();
  }

  function reopen(): void {
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)] ?? 5000;
    failures += 1;
    setTimeout(() => {
      if (closed || client) return;
      open().then(
        () => {
          for (const listener of reconnectListeners) listener();
        },
        () => reopen(),
      );
    }, wait).unref();
  }

  return {
    async listen(channel, listener) {
      const name = checkedChannel(channel);
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
        const connection = await open();
        await connection.query(`LISTEN ${name}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(name) !== set) return;
        listeners.delete(name);
        await client?.query(`UNLISTEN ${name}`).catch(() => undefined);
      };
    },
    notify(channel, payload) {
      const name = checkedChannel(channel);
      // One after another on one connection: the listeners get them in this order.
      const sent = sending.then(async () => {
        const connection = await open();
        await connection.query('SELECT pg_notify($1, $2)', [name, payload]);
      });
      sending = sent.catch(() => undefined);
      return sent;
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      closed = true;
      await sending;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
