// Once per browser run: a PGlite data directory with every migration applied, which each file's
// server starts from (a copy in its own DATA_DIR, server.ts) instead of an empty one. On an empty
// DATA_DIR the server first makes its database (PGlite's initdb, then the migrations): about 6 s of
// CPU here, 15-20 s on a busy machine, at every file's start. What the server does on its own at
// start is untouched: it migrates (nothing left to apply), seeds the admin and the demo data.
// One file (landing.test.ts) still starts on an empty DATA_DIR, as a first install does.
import { openDatabase } from '@platform/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_ENV } from './server';

export default async function setup() {
  const folder = await mkdtemp(join(tmpdir(), 'platform-e2e-template-'));
  const dataDir = join(folder, 'db');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await database.close();
  // The workers' environment is read from this process's when they start, after this setup.
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(folder, { recursive: true, force: true });
  };
}
