// The server process: configuration, database, first-start seed, HTTP, the job runner, the live
// trading runtime (price feeds, bot hub and bot processes), graceful shutdown.
import { DEMO_USERNAME, openDatabase, seedDatabase, seedDemoData } from '@platform/db';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { pino } from 'pino';
import { DRIFT_CHECK_MS, MARKET_PAUSE_CHECK_MS, type Market } from '@platform/contracts';
import { buildApp } from './app';
import { botEntryLocation } from './bots/host/bot-supervisor';
import { CapitalAccountLink } from './bots/brokers/capital/capital-link';
import { CapitalQuoteFeed } from './bots/brokers/capital/capital-quote-feed';
import { realTimers } from './bots/timers';
import {
  DEFAULT_CAPITAL_API_URL,
  DEFAULT_CAPITAL_DEMO_API_URL,
  DEFAULT_CAPITAL_DEMO_STREAM_URL,
  DEFAULT_CAPITAL_STREAM_URL,
} from './bots/brokers/capital/capital-hosts';
import { CandleBook } from './bots/host/feed/candle-book';
import { lateBotControl, startLiveRuntime, type LiveRuntime } from './bots/host/live-runtime';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { AtRestCipher, type MasterKeys } from './lib/crypto';
import { stdoutLogger } from './lib/logger';
import { createOutboxMailer, createSmtpMailer } from './lib/mailer';
import { hashPassword } from './lib/passwords';
import { cellOf, SEALED_COLUMNS } from './lib/sealed-columns';
import { createThreadPoolExecutor, engineWorkerLocation } from './engine-pool/thread-pool-executor';
import { ServerLifecycle } from './modules/health/server-lifecycle';
import { KeysRepository } from './modules/keys/keys.repository';
import { KeysService, UnreadableCiphertextError } from './modules/keys/keys.service';
import { seedDemoMarketData } from './modules/marketdata/demo-market-data';
import { LiveCandleWriter } from './modules/prices/live-candle-writer';
import { LiveCandlesRepository } from './modules/prices/live-candles.repository';
import { requestAwareLogger } from './plugins/request-id';
import { attachRealtimeGateway } from './realtime/gateway';
import { drainJobsAtShutdown, onStopSignals } from './shutdown';

function webDistDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@platform/web/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

/** What a bot process needs of the server's configuration besides its hub and token. */
function botEnvironment(config: AppConfig): Record<string, string> {
  return { LOG_LEVEL: config.logLevel, ...(config.logFormat ? { LOG_FORMAT: config.logFormat } : {}) };
}

/** FEED_SOURCE=capital: one Capital.com session of the platform's own, streaming every market's quotes. */
function capitalFeedLink(
  config: AppConfig,
  feed: Extract<AppConfig['feed'], { source: 'capital' }>,
  logger: pino.Logger,
): CapitalAccountLink {
  return new CapitalAccountLink({
    apiUrl: feed.demo
      ? (config.capital.demoApiUrl ?? DEFAULT_CAPITAL_DEMO_API_URL)
      : (config.capital.apiUrl ?? DEFAULT_CAPITAL_API_URL),
    streamUrl:
      config.capital.streamUrl ?? (feed.demo ? DEFAULT_CAPITAL_DEMO_STREAM_URL : DEFAULT_CAPITAL_STREAM_URL),
    credentials: { apiKey: feed.apiKey, identifier: feed.identifier, password: feed.password },
    logger,
    timers: realTimers,
  });
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const logger = stdoutLogger(config.logLevel, config.logFormat);

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  await database.migrate();
  const masterKeys: MasterKeys = { current: config.encryptionKey, previous: config.previousEncryptionKeys };
  // Secrets written before ciphertexts carried a key id and were bound to their row are brought
  // to that format once, before anything reads them (README, Security).
  const upgraded = await new KeysService(new KeysRepository(database.db), masterKeys).reencrypt('legacy');
  const upgradedCount = upgraded.reduce((sum, column) => sum + column.reencrypted, 0);
  if (upgradedCount > 0) logger.info({ reencrypted: upgradedCount }, 'secrets at rest bound to their rows');
  const marketDataDir = join(config.dataDir, 'marketdata');

  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const seed = await seedDatabase(database.db, {
    username: config.adminEmail,
    hashPassword: () => hashPassword(config.adminPassword ?? generatedPassword ?? ''),
  });
  if (seed.adminCreated) {
    logger.info({ username: config.adminEmail }, 'admin account created');
    if (generatedPassword) {
      console.log(`\n  Admin: ${config.adminEmail}\n  Password (shown only now): ${generatedPassword}\n`);
    }
  }

  if (config.demoData) {
    const demoPassword = randomBytes(9).toString('base64url');
    const credentials = new AtRestCipher(masterKeys, 'broker-credentials');
    const demo = await seedDemoData(database.db, {
      hashPassword: () => hashPassword(demoPassword),
      encryptCredential: (plaintext, credential, accountRowId) =>
        credentials.encrypt(
          plaintext,
          cellOf(
            credential === 'username' ? SEALED_COLUMNS.accountUsername : SEALED_COLUMNS.accountPassword,
            accountRowId,
          ),
        ),
      now: new Date(),
    });
    if (demo.demoUserCreated) {
      console.log(`  Demo customer: ${DEMO_USERNAME}\n  Password (shown only now): ${demoPassword}\n`);
    }
    const started = performance.now();
    const seededMarkets = await seedDemoMarketData(database.db, marketDataDir);
    if (seededMarkets.length > 0) {
      logger.info(
        { markets: seededMarkets, ms: Math.round(performance.now() - started) },
        'demo price history seeded',
      );
    }
  }

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, requestAwareLogger(logger));

  let runtime: LiveRuntime | null = null;
  let runtimeStarting: Promise<LiveRuntime | null> = Promise.resolve(null);
  // Every candle the feed closes is stored: an investment's chart covers its whole life (issue 36).
  const candleWriter = new LiveCandleWriter(new LiveCandlesRepository(database.db), realTimers, logger);
  const candles = new CandleBook(candleWriter.closed);
  const lifecycle = new ServerLifecycle();
  const app = await buildApp({
    database,
    mailer,
    jwtSecret: config.jwtSecret,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    publicUrl: config.publicUrl,
    marketDataDir,
    executor: createThreadPoolExecutor(engineWorkerLocation(import.meta.url)),
    webDistDir: webDistDir(),
    logger,
    weather: config.weather,
    trustProxy: config.trustProxy,
    loginThrottle: config.loginThrottle,
    otpRequiredFor: config.otpRequiredFor,
    maxJobsPerUser: config.maxJobsPerUser,
    runnerName: config.runnerName,
    auditAnonDays: config.auditAnonDays,
    sessionMaxHours: config.sessionMaxHours,
    alertWebhookAllow: config.alertWebhookAllow,
    liveCandles: candles,
    demoBroker: config.demoBroker,
    botControl: lateBotControl(
      () => runtime,
      () => app.services.bots,
    ),
    lifecycle,
    metrics: {
      token: config.metricsToken,
      processes: () => runtime?.processes ?? null,
      processMetrics: true,
    },
  });
  attachRealtimeGateway(app, { control: () => runtime?.processes ?? null, trustProxy: config.trustProxy });

  // Anonymous audit rows (failed logins of unknown users) expire after AUDIT_ANON_DAYS; an hourly
  // sweep keeps the table from growing under a flood. Every server may run it: the delete is idempotent.
  const pruneAuditLog = () =>
    void app.services.logs
      .pruneAnonymous()
      .catch((error: unknown) => logger.error({ err: error }, 'audit log cleanup failed'));
  const pruneTimer = setInterval(pruneAuditLog, 60 * 60_000);
  // Bots paused past their market's calendar are told to their owners (AlertsService.checkPauses);
  // every server may look: a pause is recorded as one alert at most.
  const pauseTimer = setInterval(
    () =>
      void app.services.alerts
        .checkPauses()
        .catch((error: unknown) => logger.error({ err: error }, 'paused bots not checked')),
    MARKET_PAUSE_CHECK_MS,
  );
  // Live results strayed from the backtest of their period (AlertsService.checkDrift): the same, once per episode.
  const driftTimer = setInterval(
    () =>
      void app.services.alerts
        .checkDrift()
        .catch((error: unknown) => logger.error({ err: error }, 'drift from the backtest not checked')),
    DRIFT_CHECK_MS,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Readiness answers 503 from now: a load balancer sends new work elsewhere while this drains.
    lifecycle.startDraining();
    clearInterval(pruneTimer);
    clearInterval(pauseTimer);
    clearInterval(driftTimer);
    // The jobs drain while the bots stop. A runtime still starting (the server answers before it
    // is up) is awaited and closed too: otherwise its pm2 daemon and bots would outlive the server.
    await Promise.all([
      drainJobsAtShutdown(app.services, database.db, config.shutdownTimeoutMs, logger),
      runtimeStarting.catch(() => null).then((starting) => starting?.close()),
    ]);
    await feedLink?.close();
    // The feed has stopped: its last candles are stored while the database is still open.
    candles.closeGrowing();
    await candleWriter.flush();
    await app.close();
    await database.close();
    process.exit(0);
  };
  onStopSignals(shutdown);

  await app.listen({ port: config.port, host: config.host });
  // PGlite takes one connection, so with it the jobs must run here; with PostgreSQL more runners
  // can join from other machines (npm run worker).
  app.services.jobRunner.start();
  app.services.alertRunner.start();
  pruneAuditLog();
  // A shutdown that began meanwhile has looked for the runtime already: start none.
  if (closing) return;
  const feedLink = config.feed.source === 'capital' ? capitalFeedLink(config, config.feed, logger) : null;
  runtimeStarting = startLiveRuntime({
    bots: app.services.bots,
    investments: app.services.investments,
    prices: app.services.prices,
    candles,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    capitalHosts: config.capital,
    feedSpeed: config.feedSpeed,
    entry: botEntryLocation(import.meta.url),
    pm2Home: join(config.dataDir, 'pm2'),
    logger,
    botEnvironment: botEnvironment(config),
    ...(feedLink ? { brokerFeed: (market: Market) => new CapitalQuoteFeed(feedLink, market) } : {}),
    onLatency: (_investmentId, report) => app.metrics.recordBotLatency(report),
  });
  runtime = await runtimeStarting;
  console.log(`\n  Trading Platform is running at http://localhost:${config.port}\n`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof UnreadableCiphertextError ? error.message : error,
  );
  process.exit(1);
});
