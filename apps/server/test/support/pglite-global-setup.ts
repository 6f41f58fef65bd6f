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
  const dump = await client.dumpDataDir('none');
  await handle.close();

  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const file = join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);

  return () => rm(folder, { recursive: true, force: true });
}
