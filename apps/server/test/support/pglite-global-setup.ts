// Once per PGlite test run: a migrated PGlite with the reference data, dumped to a file from which
// each test loads a database of its own. Creating and migrating one takes 5–6 s here, and every test
// file would otherwise pay it again, since each file runs in a fresh module graph.
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, seedReferenceData } from '@platform/db';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}

export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await seedReferenceData(handle.db);
  await slimForLoading(client);
  const dump = await client.dumpDataDir('none');
  await handle.close();

  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const file = join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);

  return () => rm(folder, { recursive: true, force: true });
}

/**
 * Loading the dump is most of what a server test costs (one database per test, hundreds a run):
 * the files unpacked and the buffer pool set up. Without the two template databases (the tests'
 * database is `postgres`; nothing here creates another), a 16 MB buffer pool instead of initdb's
 * 128 MB and the few connections a single-user PGlite can have, a load takes about half the CPU
 * (0.66 -> 0.34 s here). What the tests check does not depend on either: every table is the same.
 */
async function slimForLoading(client: PGlite): Promise<void> {
  for (const template of ['template0', 'template1']) {
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname = '${template}'`);
    await client.exec(`DROP DATABASE ${template}`);
  }
  await client.exec(`ALTER SYSTEM SET shared_buffers = '16MB'`);
  await client.exec(`ALTER SYSTEM SET max_connections = 4`);
  // Written to the data files now, so a load does not replay the migrations from the WAL.
  await client.exec('CHECKPOINT');
}
