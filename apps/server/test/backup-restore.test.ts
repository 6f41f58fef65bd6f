// Issue 34, operations: backup and restore as docs/operations.md tells an operator to do them,
// with scripts/backup.mjs: the database (PGlite's files with the server stopped, or a pg_dump of
// PostgreSQL), the price files and secrets.json go into one archive; restored into a fresh place,
// a server started on it finds the same users and backtests. PGlite runs in the PGlite project,
// PostgreSQL in the PostgreSQL one (TEST_DATABASE_URL).
import { PGlite } from '@electric-sql/pglite';
import type { Backtest } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { fromPglite, fromPostgresPool, type DatabaseHandle } from '@platform/db';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { requestOf } from '@platform/contracts';
import { SINGLE_GOLD_BACKTEST } from './support/backtest-requests';
import { createUser, DEFAULT_PASSWORD, login } from './support/factories';
import { oscillatingBars } from './support/memory-prices';
import { adminQuery, postgresUrl } from './support/postgres-global-setup';
import { createTestApp } from './support/test-app';

const SCRIPT = new URL('../scripts/backup.mjs', import.meta.url).pathname;
const onPostgres = process.env.TEST_DB === 'postgres';

/** Runs the script as an operator would; its exit code and what it printed. */
async function script(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      env: { ...inherited, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** What a data directory holds besides the database: a price file and the generated keys. */
async function filesBesideTheDatabase(dataDir: string): Promise<void> {
  await mkdir(join(dataDir, 'marketdata'), { recursive: true });
  await writeFile(join(dataDir, 'marketdata', 'GOLD-1m.arrow'), 'bars');
  await writeFile(
    join(dataDir, 'secrets.json'),
    JSON.stringify({ jwtSecret: 'j'.repeat(64), encryptionKey: 'ab'.repeat(32) }),
  );
}

/** A user with a backtest, written through the API; answers what a restore must bring back. */
async function someData(database: DatabaseHandle) {
  const testApp = await createTestApp({ database });
  testApp.prices.set('GOLD', '1m', oscillatingBars('2024-03-01', 7));
  const user = await createUser(testApp);
  const { jwt } = await login(testApp, user);
  const created = await testApp.call<Backtest>({
    ...requestOf(API.backtests.create),
    token: jwt,
    payload: { config: SINGLE_GOLD_BACKTEST },
  });
  expect(created.status).toBe(200);
  return { username: user.username, backtestId: created.body.data._id };
}

/** A server on the restored database: the user logs in with the same password and sees the backtest. */
async function expectRestored(
  database: DatabaseHandle,
  data: { username: string; backtestId: string },
  dataDir: string,
) {
  const testApp = await createTestApp({ database });
  const signedIn = await testApp.call<{ jwt: string }>({
    ...requestOf(API.auth.login),
    payload: { username: data.username, password: DEFAULT_PASSWORD },
  });
  expect(signedIn.status).toBe(200);
  const list = await testApp.call<Backtest[]>({
    ...requestOf(API.backtests.list),
    token: signedIn.body.data.jwt,
  });
  expect(list.body.data.map((backtest) => backtest._id)).toEqual([data.backtestId]);
  expect(await readFile(join(dataDir, 'marketdata', 'GOLD-1m.arrow'), 'utf8')).toBe('bars');
  expect(JSON.parse(await readFile(join(dataDir, 'secrets.json'), 'utf8'))).toMatchObject({
    encryptionKey: 'ab'.repeat(32),
  });
}

describe.runIf(!onPostgres)('backup and restore on PGlite', () => {
  it('backs up a stopped server’s data directory and restores it into a fresh one', async () => {
    const dataDir = await tempDir('backup-source-');
    const template = new Blob([await readFile(inject('pgliteTemplateFile'))]);
    const source = fromPglite(await PGlite.create({ dataDir: join(dataDir, 'db'), loadDataDir: template }));
    const data = await someData(source);
    await filesBesideTheDatabase(dataDir);
    const archive = join(await tempDir('backup-archive-'), 'platform.tar.gz');

    // Not while the server holds the files: the copy could be torn.
    const whileOpen = await script(['backup', archive], { DATA_DIR: dataDir });
    expect(whileOpen.code).toBe(1);
    expect(whileOpen.output).toContain('ferma il server');

    await source.close();
    expect((await script(['backup', archive], { DATA_DIR: dataDir })).code).toBe(0);

    const freshDir = await tempDir('backup-restored-');
    expect((await script(['restore', archive], { DATA_DIR: freshDir })).code).toBe(0);
    expect(await readdir(freshDir)).toEqual(expect.arrayContaining(['db', 'marketdata', 'secrets.json']));
    // A restore never overwrites: the same archive again into the same place is refused.
    const again = await script(['restore', archive], { DATA_DIR: freshDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('non è vuoto');

    const restored = fromPglite(await PGlite.create(join(freshDir, 'db')));
    onTestFinished(() => restored.close());
    await restored.migrate();
    await expectRestored(restored, data, freshDir);
  }, 90_000);
});

describe.runIf(onPostgres)('backup and restore on PostgreSQL', () => {
  /** A database of this run (the run's teardown drops any left behind), copied from the migrated template or empty. */
  async function database(copyOfTemplate: boolean) {
    const name = `t_${inject('postgresRunId')}_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(
      `CREATE DATABASE ${name}${copyOfTemplate ? ` TEMPLATE ${inject('postgresTemplate')}` : ''}`,
    );
    const handle = fromPostgresPool(new pg.Pool({ connectionString: postgresUrl(name), max: 3 }));
    onTestFinished(async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    });
    return { url: postgresUrl(name), handle };
  }

  it('dumps a running server’s database and restores it into a fresh one', async () => {
    const source = await database(true);
    const data = await someData(source.handle);
    const dataDir = await tempDir('backup-source-');
    await filesBesideTheDatabase(dataDir);
    const archive = join(await tempDir('backup-archive-'), 'platform.tar.gz');
    expect((await script(['backup', archive], { DATA_DIR: dataDir, DATABASE_URL: source.url })).code).toBe(0);

    // A PostgreSQL backup needs a database to go into.
    const freshDir = await tempDir('backup-restored-');
    const withoutTarget = await script(['restore', archive], { DATA_DIR: freshDir });
    expect(withoutTarget.code).toBe(1);
    expect(withoutTarget.output).toContain('DATABASE_URL');

    const fresh = await database(false);
    const restore = await script(['restore', archive], { DATA_DIR: freshDir, DATABASE_URL: fresh.url });
    expect(restore.code, restore.output).toBe(0);
    // The migrations' own table came along: the server's start finds nothing to apply.
    await fresh.handle.migrate();
    await expectRestored(fresh.handle, data, freshDir);
  }, 90_000);
});
