// The database behind one interface: PGlite (Postgres in WASM, in-process) by default,
// PostgreSQL when a connection URL is given. Services never know which one they talk to.
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { pgliteNotifications, postgresNotifications, type Notifications } from './notifications';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** LISTEN/NOTIFY between the processes on this database (within this process on PGlite). */
  notifications: Notifications;
  /** Applies the pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** dataDir undefined: in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

// Located through the package's own name so the path holds from source, tests and the server bundle.
const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@platform/db/package.json')),
  'drizzle',
);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    return fromPostgresPool(
      new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 }),
    );
  }
  return fromPglite(await PGlite.create(options.dataDir));
}

/**
 * A pool that outlives a lost database. An idle connection the server ended (a restart, a network
 * cut) is an 'error' of the pool, which would end the process unheard: the pool drops it and opens
 * another for the next query. A connection checked out (a transaction, a LISTEN) when the server
 * ends it fails its query, and its own 'error' event, unheard, would end the process as well.
 */
export function tolerateLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function fromPostgresPool(pool: pg.Pool): DatabaseHandle {
  tolerateLostConnections(pool);
  const db = drizzlePostgres({ client: pool, schema });
  // Its connection opens at the first listen or notify: most processes of the tests never do.
  const notifications = postgresNotifications(pool.options.connectionString ?? '');
  return {
    db,
    kind: 'postgres',
    notifications,
    migrate: () => migrateOnce(pool, () => migratePostgres(db, { migrationsFolder })),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * Several processes may start at once on one PostgreSQL (an API, runners, bot hosts): the first
 * to take the lock migrates, the others wait for it and then find nothing left to do.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  // A connection outside the pool holds the lock, so that a pool of one still has one to migrate with.
  const lock = new pg.Client({ connectionString: pool.options.connectionString });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** The advisory lock's key: any constant the application uses for nothing else. */
const MIGRATION_LOCK = 734_201_034;

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    notifications: pgliteNotifications(client),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and answers its rows: both drivers return them as `rows`, which the shared type hides. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
