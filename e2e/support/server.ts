// Starts the built server (apps/server/dist, which serves apps/web/dist) as its own process on a
// free port with a fresh DATA_DIR, the way a user runs it, and stops it afterwards. Its PGlite
// database is a copy of the run's migrated template when there is one (pglite-template-setup.ts). With
// E2E_DATABASE=postgres it runs on a fresh database of the TEST_DATABASE_URL cluster instead of PGlite.
import { API } from '@platform/contracts/api';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

/**
 * Where a migrated PGlite data directory waits to be copied into each server's DATA_DIR (set by
 * pglite-template-setup.ts, the browser projects' global setup); unset, a server starts empty.
 */
export const PGLITE_TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE';

/** The admin seeded on first start. */
export const ADMIN = { email: 'admin@example.com', password: 'Admin-Password-1' } as const;

/**
 * The environment of files whose subject is not 2FA. With the admin's 2FA required (the default),
 * each 30 s code is taken once, so every admin login after the second waits for the clock;
 * auth.test.ts and access-screen.test.ts test the requirement itself.
 */
export const ADMIN_2FA_OPTIONAL = { REQUIRE_2FA_FOR: '' } as const;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Where mails land as .eml files when no SMTP_URL is set. */
  outboxDir: string;
  /** Its database: PGlite's files (DATA_DIR/db), or the PostgreSQL database's URL. */
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  /**
   * Stops the process as a user would (SIGTERM), runs `whileDown` (a test writes to the stopped
   * server's database), then starts it again on the same port, DATA_DIR and database.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment, e.g. DEMO_DATA=0. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /**
   * An empty DATA_DIR, as on a first install: the server makes its PGlite database itself
   * (initdb and every migration). Otherwise it starts from the run's migrated template, if any.
   */
  emptyDataDir?: boolean;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end tests.`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = process.env.E2E_DATABASE === 'postgres' ? await createPostgresDatabase() : undefined;
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!database && template && !options.emptyDataDir)
    await cp(template, join(dataDir, 'db'), { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  const output: string[] = [];
  const launch = () => {
    const started = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return started;
  };
  let child = launch();

  const stop = async () => {
    await stopProcess(child);
    // E2E_KEEP_DATA=1 keeps the server's DATA_DIR (pm2's bot logs, the outbox) to read after a failure.
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const ready = async () => {
    try {
      const running = await waitForHealth(baseUrl, child, options.startTimeoutMs ?? 60_000);
      if (running !== (database ? 'postgres' : 'pglite'))
        throw new Error(`The server runs on ${running}, not the database asked for.`);
    } catch (error) {
      await stop();
      throw new Error(`${(error as Error).message}\nServer output:\n${output.join('')}`, { cause: error });
    }
  };
  await ready();
  const restart = async (whileDown?: () => Promise<void>) => {
    await stopProcess(child);
    await whileDown?.();
    child = launch();
    await ready();
  };
  return {
    baseUrl,
    dataDir,
    outboxDir: join(dataDir, 'outbox'),
    database: database
      ? { kind: 'postgres', url: database.url }
      : { kind: 'pglite', dataDir: join(dataDir, 'db') },
    restart,
    stop,
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('E2E_DATABASE=postgres needs TEST_DATABASE_URL.');
  const name = `e2e_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name}`) };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Answers the database the server reports once it is ready. */
async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before it was ready.`);
    try {
      const response = await fetch(`${baseUrl}${API.health.status.path}`);
      if (response.ok) return ((await response.json()) as { data: { database: string } }).data.database;
    } catch {
      // Not listening yet.
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`The server did not answer ${API.health.status.path} within ${timeoutMs} ms.`);
}

/** SIGTERM lets the server close the database cleanly; SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
