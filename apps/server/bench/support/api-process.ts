// One API process for the throughput bench (api-throughput.ts), run apart from the load so that
// the two do not share an event loop: the app built as main.ts builds it (its info-level JSON log
// on stdout, which the bench sends to /dev/null), on the PostgreSQL database BENCH_DATABASE_URL
// names, with the live charts' candles of two markets. The first process (BENCH_JOIN unset)
// migrates it, seeds the demo data npm start seeds and makes as many sessions of the bench admin
// as BENCH_SESSIONS asks (one per simulated dashboard, so the session look-up sees as many
// sessions as dashboards); a further one (BENCH_JOIN=1) serves the same database as a second API
// process of one deployment would. All of them sign and seal with BENCH_JWT_SECRET and
// BENCH_ENCRYPTION_KEY, so a token of one is good at the others. Tells the parent where it listens
// and the tokens (none from a further process) over the IPC channel, then serves until it is killed.
import { marketSchema, type LiveCandle, type Market } from '@platform/contracts';
import { openDatabase, seedDemoData, seedReferenceData, sessions, users } from '@platform/db';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { inlineExecutor } from '../../src/engine-pool/engine-executor';
import { systemClock } from '../../src/lib/clock';
import { AtRestCipher } from '../../src/lib/crypto';
import { stdoutLogger } from '../../src/lib/logger';
import { hashPassword } from '../../src/lib/passwords';
import { accountCredentialSealer } from '../../src/lib/sealed-columns';
import { AccessTokens } from '../../src/modules/auth/access-tokens';
import type { LiveCandleSource } from '../../src/modules/prices/live-candles';
import { listenBenchApp, startBenchApi } from './bench-api';

/** The parent's question: 'reset' starts a measure, 'read' answers its EventLoopDelay. */
export type ApiProcessQuestion = 'reset' | 'read';
export interface EventLoopDelay {
  p99Ms: number;
  maxMs: number;
  /** The longest of V8's collections meanwhile: a stall it explains is the process's own. */
  gcMaxMs: number;
}

export interface ApiProcessReady {
  base: string;
  /** The admin's login token, then one token per extra session. */
  tokens: string[];
}

/** The last two hours of one-minute candles, as the feed keeps them, the same on every run. */
function fixedCandles(): LiveCandleSource {
  const start = Math.floor(Date.now() / 60_000) * 60 - 120 * 60;
  const book = new Map<Market, LiveCandle[]>(
    marketSchema.options.map((market, index) => [
      market,
      Array.from({ length: 120 }, (_, minute) => {
        const price = 1000 * (index + 1) + Math.sin(minute / 7) * 10;
        return { time: start + minute * 60, open: price, high: price + 2, low: price - 2, close: price + 1 };
      }),
    ]),
  );
  return { recentCandles: (market, limit) => (book.get(market) ?? []).slice(-limit) };
}

function given(name: string): string {
  const value = process.env[name];
  if (!value || !process.send)
    throw new Error(`api-process runs as api-throughput.ts forks it, with ${name}`);
  return value;
}
const url = given('BENCH_DATABASE_URL');
const jwtSecret = given('BENCH_JWT_SECRET');
const encryptionKey = given('BENCH_ENCRYPTION_KEY');
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 0);
const joining = process.env.BENCH_JOIN === '1';

const database = await openDatabase({ kind: 'postgres', url });
const appOptions = {
  database,
  marketDataDir: await mkdtemp(join(tmpdir(), 'api-throughput-')),
  executor: inlineExecutor,
  jwtSecret,
  encryptionKey,
  logger: stdoutLogger('info', 'json'),
  liveCandles: fixedCandles(),
};

/** The database made ready for the bench, the app listening, and the dashboards' tokens. */
async function firstProcess() {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db, {
    hashPassword: () => hashPassword(randomBytes(9).toString('base64url')),
    encryptCredential: accountCredentialSealer(
      new AtRestCipher({ current: encryptionKey, previous: [] }, 'broker-credentials'),
    ),
    now: new Date(),
  });
  const api = await startBenchApi(appOptions);
  // The dashboards' sessions, the rows a login writes, without a password hash each.
  const [admin] = await database.db.select().from(users).where(eq(users.username, api.username));
  if (!admin) throw new Error('bench admin missing');
  const accessTokens = new AccessTokens(jwtSecret, systemClock);
  const tokens = [api.token];
  for (let made = 0; made < sessionCount; made += 1000) {
    const rows = await database.db
      .insert(sessions)
      .values(
        Array.from({ length: Math.min(1000, sessionCount - made) }, () => ({
          userId: admin.id,
          ipAddress: '127.0.0.1',
          userAgent: 'api-throughput',
          createdAt: new Date(),
        })),
      )
      .returning({ id: sessions.id });
    for (const { id } of rows)
      tokens.push(await accessTokens.sign({ userId: admin.id, sessionId: id, role: admin.role }));
  }
  return { api, tokens };
}

const { api, tokens } = joining
  ? { api: await listenBenchApp(appOptions), tokens: [] }
  : await firstProcess();
const ready: ApiProcessReady = { base: api.base, tokens };
process.send?.(ready);

// How late the API's event loop ran while measured: a late loop is the process's own doing, a
// slow answer with a punctual loop is the database's or the machine's.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
}).observe({ entryTypes: ['gc'] });
process.on('message', (question: ApiProcessQuestion) => {
  if (question === 'reset') {
    loopDelay.reset();
    gcMaxMs = 0;
  } else {
    const answer: EventLoopDelay = {
      p99Ms: loopDelay.percentile(99) / 1e6,
      maxMs: loopDelay.max / 1e6,
      gcMaxMs,
    };
    process.send?.(answer);
  }
});

const stop = () => {
  void api.app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
