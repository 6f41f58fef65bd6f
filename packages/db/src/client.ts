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
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
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

export function fromPostgresPool(pool: pg.Pool): DatabaseHandle {
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Runs raw SQL and answers its rows: both drivers return them as `rows`, which the shared type hides. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
