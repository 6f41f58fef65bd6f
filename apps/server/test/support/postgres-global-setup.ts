// Once per PostgreSQL test run: a template database with the real migrations, from which each
// test copies its own database; at the end the template and any test database left behind go.
import { fromPostgresPool, seedReferenceData } from '@platform/db';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
    postgresRunId: string;
  }
}

export function postgresUrl(database?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const runId = randomUUID().replace(/-/g, '').slice(0, 10);
  const template = `tpl_${runId}`;
  await adminQuery(`CREATE DATABASE ${template}`);
  const handle = fromPostgresPool(new pg.Pool({ connectionString: postgresUrl(template), max: 1 }));
  await handle.migrate();
  await seedReferenceData(handle.db);
  await handle.close();
  project.provide('postgresTemplate', template);
  project.provide('postgresRunId', runId);

  return async () => {
    const leftovers = await adminQuery(
      `SELECT datname FROM pg_database WHERE datname LIKE 't\\_${runId}\\_%'`,
    );
    for (const row of leftovers.rows as { datname: string }[])
      await adminQuery(`DROP DATABASE IF EXISTS ${row.datname}`);
    await adminQuery(`DROP DATABASE IF EXISTS ${template}`);
  };
}
