/**
 * The project's job queue on its own (issue 34, point 3; ADR 0009), measured the way pg-boss and
 * graphile-worker were for that ADR: how many jobs a second it claims and completes with 1 and 4
 * runners, and how long a new job waits before a runner picks it up. The queue and the runner are
 * the server's own classes (jobs/job-queue.ts, jobs/job-runner.ts); each job is a backtest row
 * whose handler stores empty results the way the backtest handler stores real ones (the row's
 * results, done, its lease cleared, if the lease is still the runner's), so what is timed is the
 * queue's own work: claim, lease renewal (none: the jobs are short), completion.
 *
 * Throughput: `jobs` rows queued at once, then K runners started (K loops in this process, as K
 * runner processes would claim) until every row is done (counted as the handlers store them,
 * checked in the database at the end). Pick-up: one idle runner, one job queued
 * at a random moment, timed from the insert's start to the handler's start, 20 times: notified
 * (the server queues the job and wakes its own runner, as services.ts does) and polled (the job
 * queued by another process, which the runner finds at its next look, every 2 s).
 *
 * On PGlite in memory (one connection: the server's runner) and on a fresh PostgreSQL database
 * made on BENCH_POSTGRES_URL's server and dropped afterwards.
 *
 *   npx tsx apps/server/bench/job-queue-speed.ts [jobs=2000] [databases=pglite,postgres]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test
 */
import { JOB_STATUS } from '@platform/contracts';
import { backtests, openDatabase, users, type Database, type DatabaseHandle } from '@platform/db';
import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { JobRunner } from '../src/jobs/job-runner';
import { registerJobs, type JobHandler } from '../src/jobs/job-registry';
import { BacktestsRepository } from '../src/modules/backtests/backtests.repository';
import { quantileOf } from './support/quantile';

const jobs = Number(process.argv[2] ?? 2000);
const kinds = (process.argv[3] ?? 'pglite,postgres').split(',');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PICK_UPS = 20;
const POLL_MS = 2_000;
const silent = { info: () => undefined, error: (object: object) => console.error(object) };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function ownerOf(db: Database): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ firstname: 'Bench', username: `bench-${randomBytes(4).toString('hex')}@example.com` })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return user.id;
}

/** `n` single GOLD backtests, queued, as the service inserts them. */
async function queue(db: Database, ownerId: string, n: number): Promise<void> {
  const row = {
    ownerId,
    type: 'single' as const,
    market: 'GOLD' as const,
    fromDay: '2024-03-04',
    toDay: '2024-03-05',
    capital: 10_000,
    accountType: 'pro' as const,
    leverage: 20,
    dynamic: false,
    close: true,
    config: { type: 'single' } as never,
  };
  for (let at = 0; at < n; at += 500)
    await db.insert(backtests).values(Array.from({ length: Math.min(500, n - at) }, () => row));
}

async function doneCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backtests)
    .where(eq(backtests.isCompleted, JOB_STATUS.done));
  return row?.n ?? 0;
}

function runnersOf(db: Database, k: number, handle: JobHandler): JobRunner[] {
  const handlers = { backtest: handle, analysis: handle };
  return Array.from(
    { length: k },
    () => new JobRunner(registerJobs(db, handlers), { pollMs: POLL_MS, logger: silent }),
  );
}

async function throughput(database: DatabaseHandle, ownerId: string, k: number): Promise<string> {
  const { db } = database;
  await db.delete(backtests);
  await queue(db, ownerId, jobs);
  const repository = new BacktestsRepository(db);
  // Counted where the jobs complete, not by asking the database: PGlite's one connection would
  // serve the question between the runners' statements.
  let done = 0;
  let allDone = () => undefined as void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const runners = runnersOf(db, k, async (job, worker) => {
    if (await repository.complete(job.id, worker, [], false)) done++;
    if (done === jobs) allDone();
  });
  const started = performance.now();
  for (const runner of runners) runner.start();
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(runners.map((runner) => runner.stop()));
  if ((await doneCount(db)) !== jobs) throw new Error('a job was not stored done');
  return `${k} runner${k > 1 ? 's' : ''}: ${jobs} jobs in ${seconds.toFixed(2)} s, ${(jobs / seconds).toFixed(0)} jobs/s`;
}

async function pickUp(database: DatabaseHandle, ownerId: string, notified: boolean): Promise<string> {
  const { db } = database;
  await db.delete(backtests);
  const repository = new BacktestsRepository(db);
  let picked: (() => void) | null = null;
  const [runner] = runnersOf(db, 1, async (job, worker) => {
    picked?.();
    await repository.complete(job.id, worker, [], false);
  });
  if (!runner) throw new Error('no runner');
  runner.start();
  const waits: number[] = [];
  for (let i = 0; i < PICK_UPS; i++) {
    await sleep(Math.random() * (notified ? 50 : POLL_MS));
    const handled = new Promise<number>((resolve) => (picked = () => resolve(performance.now())));
    const queued = performance.now(); // the insert's start: its own round trip counts
    await queue(db, ownerId, 1);
    if (notified) runner.notify();
    waits.push((await handled) - queued);
  }
  await runner.stop();
  waits.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  return (
    `pick-up ${notified ? 'notified (queued by this process)' : `polled every ${POLL_MS / 1000} s (queued by another)`}: ` +
    `p50 ${ms(quantileOf(waits, 0.5))} ms, max ${ms(waits.at(-1) ?? Number.NaN)} ms over ${PICK_UPS}`
  );
}

async function measure(kind: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const ownerId = await ownerOf(database.db);
  console.log(`\n${kind}`);
  for (const k of [1, 4]) console.log(`  ${await throughput(database, ownerId, k)}`);
  console.log(`  ${await pickUp(database, ownerId, true)}`);
  console.log(`  ${await pickUp(database, ownerId, false)}`);
}

console.log(
  `job queue: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}, ${jobs} jobs, Node ${process.version}`,
);
if (kinds.includes('pglite')) {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await measure('PGlite (in memory, one connection)', database);
  } finally {
    await database.close();
  }
}
if (kinds.includes('postgres')) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `bench_queue_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    const [version] = (await admin.query<{ server_version: string }>('show server_version')).rows;
    await measure(`PostgreSQL ${version?.server_version ?? ''} (pool of 10)`, database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
