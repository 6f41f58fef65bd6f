// Each test gets a database of its own, already migrated with the real migrations: a clone of a
// migrated and seeded with the reference data PGlite, or on PostgreSQL a new database copied from the run's migrated template.
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, fromPostgresPool, seedReferenceData, type DatabaseHandle } from '@platform/db';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { adminQuery, postgresUrl } from './postgres-global-setup';

let pgliteTemplate: Promise<PGlite> | undefined;

async function migratedPglite(): Promise<PGlite> {
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await seedReferenceData(handle.db);
  return client;
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    pgliteTemplate ??= migratedPglite();
    return fromPglite((await (await pgliteTemplate).clone()) as PGlite);
  }
  const name = `t_${inject('postgresRunId')}_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const handle = fromPostgresPool(new pg.Pool({ connectionString: postgresUrl(name), max: 5 }));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}
