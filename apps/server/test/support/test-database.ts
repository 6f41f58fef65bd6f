// Each test gets a database of its own, already migrated with the real migrations and seeded with
// the reference data: a PGlite loaded from the run's dump (pglite-global-setup.ts), or on
// PostgreSQL a new database copied from the run's template (postgres-global-setup.ts).
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgresPool, type DatabaseHandle } from '@platform/db';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { adminQuery, postgresUrl } from './postgres-global-setup';

let pgliteTemplate: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    pgliteTemplate ??= readFile(inject('pgliteTemplateFile')).then((bytes) => new Blob([bytes]));
    return fromPglite(await PGlite.create({ loadDataDir: await pgliteTemplate }));
  }
  return (await createPostgresTestDatabase()).handle;
}

/** A PostgreSQL database of the test's own, and its address for the server processes a test starts. */
export async function createPostgresTestDatabase(): Promise<{ handle: DatabaseHandle; url: string }> {
  const name = `t_${inject('postgresRunId')}_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = postgresUrl(name);
  const handle = fromPostgresPool(new pg.Pool({ connectionString: url, max: 5 }));
  return {
    url,
    handle: {
      ...handle,
      close: async () => {
        await handle.close();
        // The processes a test killed may still hold connections for a moment.
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    },
  };
}
