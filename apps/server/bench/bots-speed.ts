/**
 * Many bots on one machine: N running investments (default 200) on demo accounts over twenty
 * grids, each a real bot process, trading GOLD on the replay feed at 60 times real time through the paper broker,
 * as `npm start` runs them. Prints the decision latency from price to order (each bot measures
 * it and logs it every few seconds), the orders and transactions written, and the memory: the
 * server's RSS and the bots' (read from /proc), in all and per bot. Then the floor under that
 * latency: how late as many bare Node processes as one price woke together read a line.
 *
 * So that runs compare, the replay starts at a fixed minute of the week (Tuesday 11:30 UTC) rather
 * than at now's, and the measure starts once the replay reaches 16:30, whatever the bots' boot
 * took: every run measures the same bars. `from=now` starts at today's minute as npm start does,
 * and measures from the end of the boot. The bars measured are printed.
 *
 *   npx tsx apps/server/bench/bots-speed.ts [bots=200] [seconds=60] [from=now]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/bench/bots-speed.ts
 */
import {
  accounts,
  algorithms,
  botOrders,
  investments,
  openDatabase,
  seedReferenceData,
  transactions,
  users,
} from '@platform/db';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { botEntryLocation } from '../src/bots/host/bot-supervisor';
import { CandleBook } from '../src/bots/host/feed/candle-book';
import type { PriceEvent } from '../src/bots/protocol/hub-protocol';
import { startLiveRuntime } from '../src/bots/host/live-runtime';
import { AtRestCipher } from '../src/lib/crypto';
import { cellOf, SEALED_COLUMNS } from '../src/lib/sealed-columns';
import type { Mailer } from '../src/lib/mailer';
import { seedDemoMarketData } from '../src/modules/marketdata/demo-market-data';
import { quantileOf } from './support/quantile';
import { measureWakeFloor } from './wake-floor';

const botCount = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 60);
const SPEED = 60;
const pinned = process.argv[4] !== 'now';
const REPLAY_FROM = pinned ? Date.UTC(2026, 0, 6, 11, 30) : undefined;
/**
 * Of replayed time, from the pinned start to the measure's (16:30): 300 bars or fewer (minutes
 * without a bar are skipped), 5 minutes at 60x, more than a boot takes.
 */
const MEASURE_AFTER_MS = 5 * 3_600_000;
const STATS_MS = 5000;

/**
 * A process's memory in MB (/proc/PID/smaps_rollup): resident (RSS), its proportional share of the
 * pages it shares (PSS: Node's own code, mapped once for every bot), and what is its alone. RSS
 * counts the shared pages in every process, so RSS summed over 200 bots overstates the machine's
 * memory by the 40-odd MB of the node binary each of them maps.
 */
const memoryMb = (pid: number) => {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
    return { rss: field('Rss'), pss: field('Pss'), own: field('Private_Clean') + field('Private_Dirty') };
  } catch {
    return { rss: 0, pss: 0, own: 0 };
  }
};

const rssMb = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** CPU time a process has used, in ms (user + system, from /proc). */
const cpuMs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
};

const dir = await mkdtemp(join(tmpdir(), 'bots-bench-'));
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(dir, 'db') },
);
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const marketDataDir = join(dir, 'marketdata');
  await seedDemoMarketData(database.db, marketDataDir);

  const encryptionKey = randomBytes(32).toString('hex');
  const credentials = new AtRestCipher({ current: encryptionKey, previous: [] }, 'broker-credentials');
  const [owner] = await database.db
    .insert(users)
    .values({
      username: 'bench@example.com',
      firstname: 'Bench',
      lastname: 'Bots',
      role: 'user',
      requestStatus: 'approved',
    })
    .returning({ id: users.id });
  // Customers do not all run one grid: twenty algorithms from the default sweep's steps and targets.
  const grids = [10, 20, 30, 40, 50].flatMap((mediazione) =>
    [10, 20, 30, 50].map((target) => ({ mediazione, target })),
  );
  const algorithmIds: string[] = [];
  for (const { mediazione, target } of grids) {
    const [algorithm] = await database.db
      .insert(algorithms)
      .values({
        name: `Grid Gold ${mediazione}/${target}`,
        description: 'bench',
        minCapital: 1000,
        market: 'GOLD',
        config: { mediazione, target, multiplier: 1, worst: 300, safeWorst: 400 },
      })
      .returning({ id: algorithms.id });
    algorithmIds.push(algorithm!.id);
  }
  // Different sizes, so the bots do not all make the same decisions at the same prices.
  for (let index = 0; index < botCount; index++) {
    const accountRowId = randomUUID();
    const [account] = await database.db
      .insert(accounts)
      .values({
        id: accountRowId,
        accountId: `BENCH-${index}`,
        isDemo: true,
        brokerName: 'Capital.com',
        usernameEncrypted: credentials.encrypt('bench', cellOf(SEALED_COLUMNS.accountUsername, accountRowId)),
        passwordEncrypted: credentials.encrypt('bench', cellOf(SEALED_COLUMNS.accountPassword, accountRowId)),
        ownerId: owner!.id,
      })
      .returning({ id: accounts.id });
    await database.db.insert(investments).values({
      accountId: account!.id,
      algorithmId: algorithmIds[index % algorithmIds.length]!,
      capital: 10_000,
      leverage: 20,
      size: 0.1 * (1 + (index % 10)),
      additional: 0.1 * (1 + (index % 5)),
      maxContracts: 100,
      isRunning: 1,
    });
  }

  const noMail: Mailer = { send: () => Promise.resolve() };
  const app = await buildApp({
    database,
    mailer: noMail,
    jwtSecret: randomBytes(32).toString('hex'),
    encryptionKey,
    publicUrl: 'http://localhost',
    marketDataDir,
  });

  const latencies: number[] = [];
  const deliveries: number[] = [];
  const sentByBots: number[] = [];
  const standingFills: number[] = [];
  const quiet = { info: () => undefined, warn: () => undefined };
  // The bundled bot, as npm start runs it, when the server is built; else its source through tsx.
  const bundle = new URL('../dist/main.js', import.meta.url);
  const entry = existsSync(new URL('./bot.js', bundle))
    ? botEntryLocation(bundle.href)
    : botEntryLocation(new URL('../src/main.ts', import.meta.url).href);
  // The feed's own lateness: how long after its due time the server handed each price out.
  const lateness: number[] = [];
  // The stored bar the replay began with, the first of the measured window, and the latest.
  const bars = { replayStart: Number.NaN, windowStart: Number.NaN, latest: Number.NaN };
  const candles = new (class extends CandleBook {
    override add(event: PriceEvent): void {
      if (event.market === 'GOLD') {
        lateness.push(Date.now() - event.time);
        if (Number.isNaN(bars.replayStart)) bars.replayStart = event.sourceTime;
        if (Number.isNaN(bars.windowStart)) bars.windowStart = event.sourceTime;
        bars.latest = event.sourceTime;
      }
      super.add(event);
    }
  })();
  const started = performance.now();
  const runtime = await startLiveRuntime({
    bots: app.services.bots,
    investments: app.services.investments,
    prices: app.services.prices,
    candles,
    encryptionKey,
    feedSpeed: SPEED,
    replayFrom: REPLAY_FROM,
    entry,
    pm2Home: join(dir, 'pm2'),
    logger: quiet,
    botEnvironment: { LOG_LEVEL: 'info', BOT_STATS_MS: String(STATS_MS) },
  });
  // How many bots each GOLD price was handed to: the bots that one price wakes together.
  const handedTo: number[] = [];
  const publish = runtime.hub.publish.bind(runtime.hub);
  runtime.hub.publish = (event) => {
    const handed = publish(event);
    if (event.market === 'GOLD') handedTo.push(handed);
    return handed;
  };
  // Each bot logs its latency figures every STATS_MS.
  runtime.supervisor.onLine(({ line }) => {
    if (!line.includes('"latency"')) return;
    const { latency } = JSON.parse(line) as {
      latency: { samples: number[]; sent: number[]; delivery: number[]; standing: number[] };
    };
    latencies.push(...latency.samples);
    sentByBots.push(...latency.sent);
    deliveries.push(...latency.delivery);
    standingFills.push(...latency.standing);
  });
  console.log(
    `bots          ${botCount} processes (${entry.execArgv.length ? 'from source, through tsx' : 'dist/bot.js'}), replay feed at ${SPEED}x real time`,
  );

  // Boot: every bot connected to the hub.
  while (runtime.hub.connectedInvestments().length < botCount)
    await new Promise((resolve) => setTimeout(resolve, 250));
  console.log(`start         all connected after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (pinned) {
    const replayedSoFar = () => bars.latest - bars.replayStart;
    if (replayedSoFar() > MEASURE_AFTER_MS)
      console.log('              (the boot outlasted 16:30: the measured bars differ)');
    while (!(replayedSoFar() >= MEASURE_AFTER_MS)) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  latencies.length = 0;
  deliveries.length = 0;
  sentByBots.length = 0;
  standingFills.length = 0;
  lateness.length = 0;
  handedTo.length = 0;
  bars.windowStart = Number.NaN;
  const [ordersBefore] = await database.db.select({ n: count() }).from(botOrders);
  const [tradesBefore] = await database.db.select({ n: count() }).from(transactions);
  let peakBots = 0;
  let peakBotsPss = 0;
  let peakBotsOwn = 0;
  let peakServer = 0;
  const botPids = () => runtime.supervisor.list().flatMap((bot) => (bot.pid ? [bot.pid] : []));
  const botsCpu = () => botPids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  // pm2's daemon carries every bot's log lines to their files and to the server.
  const daemonPid = Number(readFileSync(join(dir, 'pm2', 'pm2.pid'), 'utf8'));
  const cpuBefore = { bots: botsCpu(), server: cpuMs(process.pid), daemon: cpuMs(daemonPid) };
  // What stalls the server's event loop delays prices and the bots' writes alike.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const pids = botPids();
    const memory = pids.map(memoryMb);
    const total = (part: 'rss' | 'pss' | 'own') => memory.reduce((sum, figures) => sum + figures[part], 0);
    peakBots = Math.max(peakBots, total('rss'));
    peakBotsPss = Math.max(peakBotsPss, total('pss'));
    peakBotsOwn = Math.max(peakBotsOwn, total('own'));
    peakServer = Math.max(peakServer, rssMb(process.pid));
  }
  loopDelay.disable();
  const lastBar = bars.latest;
  const cpu = {
    bots: (botsCpu() - cpuBefore.bots) / (seconds * 1000),
    server: (cpuMs(process.pid) - cpuBefore.server) / (seconds * 1000),
    daemon: (cpuMs(daemonPid) - cpuBefore.daemon) / (seconds * 1000),
  };
  await new Promise((resolve) => setTimeout(resolve, STATS_MS + 500));
  const [ordersAfter] = await database.db.select({ n: count() }).from(botOrders);
  const [tradesAfter] = await database.db.select({ n: count() }).from(transactions);

  const quantiles = (values: number[]) => {
    if (values.length === 0) return 'none';
    values.sort((a, b) => a - b);
    const at = (quantile: number) => quantileOf(values, quantile).toFixed(1);
    return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
  };
  const barTime = (time: number) => new Date(time).toISOString().slice(0, 16).replace('T', ' ');
  console.log(`replayed      GOLD bars of ${barTime(bars.windowStart)} to ${barTime(lastBar)} UTC`);
  console.log(
    `orders        ${ordersAfter!.n - ordersBefore!.n} written, ${tradesAfter!.n - tradesBefore!.n} cycles closed in ${seconds} s`,
  );
  console.log(`latency       price to order, ${latencies.length} orders: ${quantiles(latencies)}`);
  console.log(
    `  standing    price to its fill, ${standingFills.length} orders left standing with the paper book: ${quantiles(standingFills)}`,
  );
  console.log(
    `  sent        price to order, ${sentByBots.length} orders the bots sent on the price: ${quantiles(sentByBots)}`,
  );
  console.log(`  delivery    price to its arrival in the bot: ${quantiles(deliveries)}`);
  console.log(`  feed        due time to hand-out in the server, every price: ${quantiles(lateness)}`);
  handedTo.sort((a, b) => a - b);
  const together = { p99: quantileOf(handedTo, 0.99), max: quantileOf(handedTo, 1) };
  console.log(
    `  woken       bots handed one GOLD price, ${handedTo.length} prices: p99 ${together.p99}, max ${together.max}`,
  );
  console.log(
    `server loop   event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `cpu           bots ${(cpu.bots * 100).toFixed(0)}% of a core in all, server ${(cpu.server * 100).toFixed(0)}%, pm2 daemon ${(cpu.daemon * 100).toFixed(0)}%`,
  );
  console.log(
    `memory        bots ${peakBots.toFixed(0)} MB RSS in all (${(peakBots / botCount).toFixed(1)} MB a bot), server ${peakServer.toFixed(0)} MB (with PGlite or the pool, the feed and the hub)`,
  );
  console.log(
    `  per bot     ${(peakBotsPss / botCount).toFixed(1)} MB proportional (PSS), ${(peakBotsOwn / botCount).toFixed(1)} MB its own; the bots take ${peakBotsPss.toFixed(0)} MB of the machine in all`,
  );
  await runtime.close();
  await app.close();
  // What two cores can do for that many processes woken at once, each doing nothing but read.
  for (const floor of await measureWakeFloor(botCount, [together.p99, together.max])) {
    console.log(
      `floor         ${floor.woken} of ${botCount} bare Node processes woken by one write each: p50 ${floor.p50} ms, p99 ${floor.p99} ms`,
    );
  }
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
// As the server does at its shutdown: pm2's client sometimes leaves a timer running after it has
// disconnected, which would keep this process, and the next step of npm run bench, waiting.
process.exit(0);
