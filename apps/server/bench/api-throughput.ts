/**
 * The API's throughput on PostgreSQL (issue 34, point 1; goal ≥ 3,000 req/s for each polled list
 * from one API process, p99 < 100 ms at 50 connections). One API process (support/api-process.ts:
 * the app as main.ts builds it, logging JSON at info level, on a fresh database of its own with
 * the demo data) and, in this process, the load: keep-alive HTTP over Node's http.Agent.
 *
 * First each list the dashboard polls (product-spec.md section 9 and the web's queries): the
 * investments and the transactions (every 5 s while the overview or the investments view is
 * open), the backtests and the analyses (every 5 s while a job is pending), the live prices
 * (every second per chart on the overview), and the logs' first page with its count (read when
 * the Logs view opens); /api/health as the floor of a call without session or database. Each by
 * `connections` callers asking again as soon as answered, for `seconds`: req/s, p50 and p99.
 *
 * Then the dashboards: N dashboards with the overview open, each its own session, polling what
 * the overview polls at its pace (investments and transactions every 5 s, the live prices of its
 * two charts every second: 2.4 calls a second a dashboard), each poll at its own phase, at a fixed
 * rate whatever the answers take (TanStack Query's refetchInterval). A poll's latency counts from
 * when it was due, so a late timer in the load counts against the server too. N grows until the
 * p99 reaches 100 ms or a call fails; the largest N held is the result. The dashboards run against
 * one API process, then against two on the same database (BENCH_API_PROCESSES, default "1,2"):
 * two ports, the calls handed to them in turn by the bench, as a round-robin proxy in front of
 * them would (each process has its own session cache, so each looks every session up itself).
 *
 * The load shares the machine's cores with the server and PostgreSQL: the CPU each used is printed
 * beside (the API processes', PostgreSQL's backends serving the bench's database, the load's),
 * with the API's CPU time per call, which moves less with others' work than the rate does, the
 * API's event-loop delay and longest collection, and first how late a bare Node process's timers
 * fire on the machine at that moment (other sessions' work moves every figure).
 * docs/benchmarks.md has the figures.
 *
 *   npx tsx apps/server/bench/api-throughput.ts [seconds=10] [connections=50] [lists|dashboards|LIST]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test   (the server the database is made on)
 *   BENCH_API_PROCESSES=1,2   the numbers of API processes the dashboards are tried with
 *   API_CPU_PROFILE=DIR   the API process runs with node --cpu-prof, its profile written into DIR
 */
import { urlOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ApiProcessQuestion, ApiProcessReady, EventLoopDelay } from './support/api-process';
import { quantileOf } from './support/quantile';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
/** 'lists' or 'dashboards' runs only that part; a list's name (investments, ...) only that list. */
const part = process.argv[4] ?? 'all';
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CPU_PROFILE_DIR = process.env.API_CPU_PROFILE;
const API_PROCESS_COUNTS = (process.env.BENCH_API_PROCESSES ?? '1,2').split(',').map(Number);
/** Shared by the API processes, as by the processes of one deployment. */
const SECRETS = {
  BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
  BENCH_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
const WARM_UP_MS = 2000;
const P99_LIMIT_MS = 100;
/** Sessions the API process makes, one per dashboard (more dashboards share them round). */
const SESSIONS = 8000;
/** Dashboards tried, in turn, until one fails the p99. */
const DASHBOARD_STEPS = [
  100, 200, 300, 400, 500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000,
];
/** How long each step of the dashboards is measured, after a full cycle of the slowest poll. */
const DASHBOARD_MEASURE_MS = 10_000;

interface Poll {
  path: string;
  everyMs: number;
}

/** What the overview polls (overview-view.tsx, get-live-prices.ts). */
const OVERVIEW_POLLS: Poll[] = [
  { path: urlOf(API.investments.list), everyMs: 5000 },
  { path: urlOf(API.transactions.list), everyMs: 5000 },
  { path: urlOf(API.livePrices.recent, { market: 'GOLD' }), everyMs: 1000 },
  { path: urlOf(API.livePrices.recent, { market: 'NASDAQ' }), everyMs: 1000 },
];

const LISTS: { name: string; paths: string[] }[] = [
  { name: 'health', paths: [urlOf(API.health.status)] },
  { name: 'investments', paths: [urlOf(API.investments.list)] },
  { name: 'transactions', paths: [urlOf(API.transactions.list)] },
  { name: 'backtests', paths: [urlOf(API.backtests.list)] },
  { name: 'analyses', paths: [urlOf(API.analyses.list)] },
  { name: 'accounts', paths: [urlOf(API.accounts.list)] },
  { name: 'live prices', paths: [urlOf(API.livePrices.recent, { market: 'GOLD' })] },
  // The Logs view's first page is two calls; each is counted as one request.
  {
    name: 'logs (page + count)',
    paths: [urlOf(API.logs.list, undefined, { limit: 50, offset: 0 }), urlOf(API.logs.count)],
  },
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** One GET over the agent; resolves with the status once the whole answer is read. */
function get(agent: Agent, base: URL, path: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const call = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    call.on('error', () => resolve(0));
    call.end();
  });
}

/** Milliseconds of CPU a process has used (utime + stime of /proc/PID/stat). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The CPU PostgreSQL's backends of the bench's database have used, by process: a pool opens and
 * closes its connections as it likes, so a measure sums what each backend present at its end used
 * since its start (or since its birth, for one born meanwhile).
 */
async function backendCpu(): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    databaseName,
  ]);
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      used.set(pid, cpuMsOf(pid));
    } catch {
      // Ended between the query and the read.
    }
  }
  return used;
}

/** Answers other than 200 by status (0: the connection failed). */
type Failures = Map<number, number>;
const fail = (failures: Failures, status: number) => failures.set(status, (failures.get(status) ?? 0) + 1);
const failureNote = (failures: Failures) =>
  failures.size === 0
    ? ''
    : `   (${[...failures].map(([status, times]) => `${times} × ${status || 'no answer'}`).join(', ')})`;

interface ApiProcess {
  ready: ApiProcessReady;
  pid: number;
  /** Starts the API's event-loop measure, or reads it. */
  ask(question: 'reset'): void;
  ask(question: 'read'): Promise<EventLoopDelay>;
  stop(): Promise<void>;
}

interface Sample {
  /** From when each call was due (the dashboards') or sent (the lists'). */
  latencies: number[];
  failures: Failures;
  elapsedMs: number;
  /** CPU used, in ms, by the API processes together, PostgreSQL's backends and the load. */
  apiCpuMs: number;
  databaseCpuMs: number;
  loadCpuMs: number;
  /** The latest of the API processes' loops and the longest of their collections. */
  apiLoop: EventLoopDelay;
}

const apiCpuMs = (apis: ApiProcess[]) => apis.reduce((sum, api) => sum + cpuMsOf(api.pid), 0);

/** Starts measuring: the CPU of every process and the API's event loops from now. */
async function meter(apis: ApiProcess[]) {
  const startedAt = performance.now();
  const apiCpuAt = apiCpuMs(apis);
  const databaseCpuAt = await backendCpu();
  const loadCpuAt = process.cpuUsage();
  for (const api of apis) api.ask('reset');
  return async (latencies: number[], failures: Failures): Promise<Sample> => {
    const elapsedMs = performance.now() - startedAt;
    const load = process.cpuUsage(loadCpuAt);
    const apiCpuUsed = apiCpuMs(apis) - apiCpuAt;
    let databaseCpuMs = 0;
    for (const [pid, used] of await backendCpu()) databaseCpuMs += used - (databaseCpuAt.get(pid) ?? 0);
    const loops = await Promise.all(apis.map((api) => api.ask('read')));
    return {
      latencies,
      failures,
      elapsedMs,
      apiCpuMs: apiCpuUsed,
      databaseCpuMs,
      loadCpuMs: (load.user + load.system) / 1000,
      apiLoop: {
        p99Ms: Math.max(...loops.map((loop) => loop.p99Ms)),
        maxMs: Math.max(...loops.map((loop) => loop.maxMs)),
        gcMaxMs: Math.max(...loops.map((loop) => loop.gcMaxMs)),
      },
    };
  };
}

/** The table's columns after the label, with the width each is right-aligned to. */
const COLUMNS: [string, number][] = [
  ['req/s', 9],
  ['p50 ms', 9],
  ['p99 ms', 9],
  ['failed', 8],
  ['API CPU', 10],
  ['API ms/call', 13],
  ['PG CPU', 9],
  ['load CPU', 10],
  ['API loop p99/max ms', 22],
  ['GC max ms', 11],
];
const LABEL_WIDTH = 20;
const row = (label: string, cells: string[]) =>
  label.padEnd(LABEL_WIDTH) + cells.map((cell, index) => cell.padStart(COLUMNS[index]?.[1] ?? 0)).join('');
const header = (label: string) =>
  row(
    label,
    COLUMNS.map(([name]) => name),
  );

/** The line of a sample; its p99 too, which decides the dashboards' steps. */
function report(label: string, sample: Sample): { line: string; p99: number; failed: number } {
  const sorted = sample.latencies.sort((a, b) => a - b);
  const failed = [...sample.failures.values()].reduce((sum, times) => sum + times, 0);
  const p99 = quantileOf(sorted, 0.99);
  const percent = (cpuMs: number) => `${fixed((cpuMs / sample.elapsedMs) * 100)}%`;
  const line = row(label, [
    fixed((sorted.length * 1000) / sample.elapsedMs),
    fixed(quantileOf(sorted, 0.5), 1),
    fixed(p99, 1),
    String(failed),
    percent(sample.apiCpuMs),
    fixed(sample.apiCpuMs / Math.max(1, sorted.length), 3),
    percent(sample.databaseCpuMs),
    percent(sample.loadCpuMs),
    `${fixed(sample.apiLoop.p99Ms)}/${fixed(sample.apiLoop.maxMs)}`,
    fixed(sample.apiLoop.gcMaxMs),
  ]);
  return { line: line + failureNote(sample.failures), p99, failed };
}

/** `connections` callers, each asking the paths in turn as soon as answered, for durationMs. */
async function closedLoop(api: ApiProcess, paths: string[], durationMs: number): Promise<Sample> {
  const base = new URL(api.ready.base);
  const token = api.ready.tokens[0] as string;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const run = async (ms: number, latencies: number[]) => {
    const failures: Failures = new Map();
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: connections }, async (_, caller) => {
        for (let turn = caller; performance.now() < until; turn++) {
          const sentAt = performance.now();
          const status = await get(agent, base, paths[turn % paths.length] as string, token);
          if (status !== 200) fail(failures, status);
          latencies.push(performance.now() - sentAt);
        }
      }),
    );
    return failures;
  };
  await run(WARM_UP_MS, []);
  const latencies: number[] = [];
  const done = await meter([api]);
  const sample = await done(latencies, await run(durationMs, latencies));
  agent.destroy();
  return sample;
}

/**
 * N dashboards polling at fixed rates, each poll at a random phase: a first cycle of the slowest
 * poll to open the connections, then DASHBOARD_MEASURE_MS measured. A dashboard is a browser with
 * its own connections: sockets are opened as calls overlap, as a browser's are. With several API
 * processes the calls go to each in turn.
 */
async function dashboards(apis: ApiProcess[], tokens: string[], count: number): Promise<Sample> {
  const targets = apis.map((api) => ({
    base: new URL(api.ready.base),
    agent: new Agent({ keepAlive: true }),
  }));
  let turn = 0;
  const nextTarget = () => targets[turn++ % targets.length] as (typeof targets)[number];
  const slowest = Math.max(...OVERVIEW_POLLS.map((poll) => poll.everyMs));
  const startAt = performance.now();
  const measureFrom = startAt + slowest;
  const measureUntil = measureFrom + DASHBOARD_MEASURE_MS;
  const latencies: number[] = [];
  const failures: Failures = new Map();
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const at = (time: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, time - performance.now());
    timers.add(timer);
  };
  for (let dashboard = 0; dashboard < count; dashboard++) {
    const token = tokens[dashboard % tokens.length] as string;
    for (const poll of OVERVIEW_POLLS) {
      const fire = (due: number) => {
        if (due + poll.everyMs < measureUntil) at(due + poll.everyMs, () => fire(due + poll.everyMs));
        const { agent, base } = nextTarget();
        const call = get(agent, base, poll.path, token).then((status) => {
          if (due < measureFrom) return;
          if (status !== 200) fail(failures, status);
          latencies.push(performance.now() - due);
        });
        inFlight.add(call);
        void call.finally(() => inFlight.delete(call));
      };
      const first = startAt + Math.random() * poll.everyMs;
      at(first, () => fire(first));
    }
  }
  await sleep(measureFrom - performance.now());
  const done = await meter(apis);
  await sleep(measureUntil - performance.now());
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(inFlight);
  const sample = await done(latencies, failures);
  for (const { agent } of targets) agent.destroy();
  return sample;
}

/**
 * The machine's floor under the API's loop figures: how late a bare Node process's 10 ms timers
 * fire over 3 s while nothing of the bench runs. Other sessions' work on the same cores makes it
 * grow, and every figure of the bench with it.
 */
function schedulingFloor(): string {
  const script =
    "const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 }); h.enable();" +
    'setTimeout(() => console.log(`${(h.percentile(99) / 1e6).toFixed(0)}/${(h.max / 1e6).toFixed(0)}`), 3000);';
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

/** joining: a further API process on the database the first one made ready. */
async function startApiProcess(databaseUrl: string, joining: boolean): Promise<ApiProcess> {
  const child = fork(fileURLToPath(new URL('./support/api-process.ts', import.meta.url)), {
    execArgv: [
      '--import',
      'tsx',
      ...(CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : []),
    ],
    env: {
      ...process.env,
      ...SECRETS,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_SESSIONS: String(SESSIONS),
      ...(joining ? { BENCH_JOIN: '1' } : {}),
    },
    // The log lines go where a production server's go when nobody reads them.
    stdio: ['ignore', openSync('/dev/null', 'w'), 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<ApiProcessReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ApiProcessReady));
    child.once('exit', (code) => reject(new Error(`the API process ended (${code}) before it listened`)));
  });
  function ask(question: 'reset'): void;
  function ask(question: 'read'): Promise<EventLoopDelay>;
  function ask(question: ApiProcessQuestion): Promise<EventLoopDelay> | void {
    if (question === 'reset') {
      child.send(question);
      return;
    }
    const answer = new Promise<EventLoopDelay>((resolve) =>
      child.once('message', (message) => resolve(message as EventLoopDelay)),
    );
    child.send(question);
    return answer;
  }
  return {
    ready,
    pid: child.pid as number,
    ask,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const databaseName = `bench_api_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = `/${databaseName}`;
/** The dashboards tried in steps on these API processes, until a step fails; answers the largest held. */
async function dashboardSteps(apis: ApiProcess[], tokens: string[]): Promise<number> {
  console.log(
    `\nDashboards on the overview, ${apis.length} API process${apis.length === 1 ? '' : 'es'} ` +
      `(${OVERVIEW_POLLS.map((poll) => `${poll.path} every ${poll.everyMs / 1000} s`).join(', ')}),` +
      ` ${DASHBOARD_MEASURE_MS / 1000} s each, latency from when each call was due:`,
  );
  console.log(header('dashboards'));
  let held = 0;
  for (const count of DASHBOARD_STEPS) {
    const { line, p99, failed } = report(String(count), await dashboards(apis, tokens, count));
    console.log(line);
    if (p99 >= P99_LIMIT_MS || failed > 0) break;
    held = count;
  }
  return held;
}

const loadAverage = () =>
  loadavg()
    .map((load) => fixed(load, 2))
    .join(' ');

try {
  const started = performance.now();
  const api = await startApiProcess(databaseUrl.toString(), false);
  const apis = [api];
  console.log(
    `API process ${api.pid} on ${api.ready.base}, PostgreSQL database ${databaseName}, ` +
      `${api.ready.tokens.length} sessions, ready in ${fixed((performance.now() - started) / 1000, 1)} s; ` +
      `${cpus().length} cores, load average ${loadAverage()} (others' work shares them)`,
  );
  console.log(`A bare Node process's loop on this machine now, p99/max ms: ${schedulingFloor()}`);
  try {
    const lists =
      part === 'all' || part === 'lists' ? LISTS : LISTS.filter((list) => list.name.startsWith(part));
    if (lists.length > 0) {
      console.log(
        `\nEach list, ${connections} connections, ${seconds} s (after ${WARM_UP_MS / 1000} s of warm-up):`,
      );
      console.log(header('list'));
      for (const list of lists) {
        console.log(report(list.name, await closedLoop(api, list.paths, seconds * 1000)).line);
      }
    }
    if (part === 'all' || part === 'dashboards') {
      const held: string[] = [];
      for (const count of API_PROCESS_COUNTS) {
        while (apis.length < count) apis.push(await startApiProcess(databaseUrl.toString(), true));
        held.push(`${await dashboardSteps(apis.slice(0, count), api.ready.tokens)} with ${count}`);
      }
      console.log(
        `\nLargest number of dashboards held at p99 < ${P99_LIMIT_MS} ms by API processes: ${held.join(', ')}`,
      );
    }
    console.log(`Load average at the end: ${loadAverage()}`);
  } finally {
    await Promise.all(apis.map((each) => each.stop()));
  }
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
