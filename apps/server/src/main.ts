// A server process: configuration, database, and the roles it was given (ROLES, issue 34): `api`
// (HTTP, the monitoring socket, the first-start seed), `runner` (the jobs) and `bots` (a bot host:
// pm2, the hub, the prices for its bots). npm start runs all three in one process on PGlite; on
// PostgreSQL any number of processes may each take any of them (README, Deployment), and then the
// prices travel between them on the database's notifications. Then graceful shutdown.
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { BarStore } from '@platform/marketdata';
import { buildApp, buildOpsApp } from './app';
import { CandleBook } from './bots/host/feed/candle-book';
import { DatabasePriceBus } from './bots/host/feed/price-bus';
import { lateBotControl } from './bots/host/live-runtime';
import { PROCESS_VERSION } from './bots/host/supervisor-process-control';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createThreadPoolExecutor, engineWorkerLocation } from './engine-pool/thread-pool-executor';
import { stdoutLogger, type Logger } from './lib/logger';
import { createOutboxMailer, createSmtpMailer } from './lib/mailer';
import { ServerLifecycle } from './modules/health/server-lifecycle';
import { UnreadableCiphertextError } from './modules/keys/keys.service';
import { MarketDataSets } from './modules/marketdata/market-data-sets';
import { MarketDataRepository } from './modules/marketdata/marketdata.repository';
import { BotLeasesRepository } from './modules/bots/bot-leases.repository';
import { LiveCandleWriter } from './modules/prices/live-candle-writer';
import { LiveCandlesRepository } from './modules/prices/live-candles.repository';
import { requestAwareLogger } from './plugins/request-id';
import { ClusterNode } from './realtime/cluster-node';
import { ClusterProcessControl } from './realtime/cluster-process-control';
import { attachRealtimeGateway } from './realtime/gateway';
import { startBotsRole, type BotsRole } from './roles/bots-role';
import { notifyingBotControl } from './roles/cluster-bot-control';
import { tellRunners, wakeOnQueuedJobs } from './roles/cluster-jobs';
import { seedFirstStart } from './roles/first-start-seed';
import { startPeriodicChecks } from './roles/periodic-checks';
import { openProcessDatabase } from './roles/process-database';
import { buildServices, type Services } from './services';
import { drainJobsAtShutdown, onStopSignals } from './shutdown';
import { realTimers } from './bots/timers';

/** What a shutdown may take beyond the job drain's SHUTDOWN_TIMEOUT_MS: the bots finishing their orders. */
const SHUTDOWN_MARGIN_MS = 20_000;

function webDistDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@platform/web/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const logger = stdoutLogger(config.logLevel, config.logFormat);
  const roles = new Set(config.roles);
  const database = await openProcessDatabase(config, logger);
  if (roles.has('api')) await seedFirstStart(database, config, logger);
  // On PostgreSQL other processes may share the work: the bots follow leases, the prices the bus.
  const shared = database.kind === 'postgres';

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, requestAwareLogger(logger));
  // The prices and the monitoring concern the API (charts, Client Processes) and the bot hosts;
  // a runner alone needs neither.
  const watchesBots = roles.has('api') || roles.has('bots');
  const bus = shared && watchesBots ? new DatabasePriceBus(database.notifications, logger) : null;
  await bus?.start();

  let botsRole: BotsRole | null = null;
  let botsStarting: Promise<BotsRole | null> = Promise.resolve(null);
  // Every candle the feed closes is stored by the process that sends the prices (issue 36).
  const candleWriter = new LiveCandleWriter(new LiveCandlesRepository(database.db), realTimers, logger);
  const candles = new CandleBook((market, candle) => {
    if (!shared || botsRole?.ownsFeed()) candleWriter.closed(market, candle);
  });
  bus?.subscribe((event) => candles.add(event));
  const lifecycle = new ServerLifecycle();
  // The engine's threads where jobs or the API's equity curves run; a bot host computes nothing.
  const executor =
    roles.has('runner') || roles.has('api')
      ? createThreadPoolExecutor(engineWorkerLocation(import.meta.url))
      : undefined;
  const botControl = shared
    ? notifyingBotControl(database.notifications, logger)
    : lateBotControl(
        () => botsRole?.runtime ?? null,
        () => services.bots,
      );
  const serviceDeps = {
    database,
    mailer,
    jwtSecret: config.jwtSecret,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    publicUrl: config.publicUrl,
    ...(executor ? { executor } : {}),
    loginThrottle: config.loginThrottle,
    otpRequiredFor: config.otpRequiredFor,
    maxJobsPerUser: config.maxJobsPerUser,
    runnerName: config.runnerName,
    jobLeaseMs: config.jobLeaseMs,
    auditAnonDays: config.auditAnonDays,
    sessionMaxHours: config.sessionMaxHours,
    alertWebhookAllow: config.alertWebhookAllow,
    demoBroker: config.demoBroker,
    botControl,
    ...(shared ? { jobQueued: tellRunners(database.notifications, logger) } : {}),
  };

  const metrics = {
    token: config.metricsToken,
    host: config.botHost.name,
    processes: () => botsRole?.runtime.processes ?? null,
    leases: () => botsRole?.leaseState() ?? null,
    processMetrics: true,
  };
  const app = roles.has('api')
    ? await buildApp({
        ...serviceDeps,
        marketDataDir: config.marketDataDir,
        webDistDir: webDistDir(),
        logger,
        weather: config.weather,
        trustProxy: config.trustProxy,
        liveCandles: candles,
        lifecycle,
        metrics,
      })
    : null;
  const services: Services =
    app?.services ??
    buildServices({
      ...serviceDeps,
      prices: new MarketDataSets(new MarketDataRepository(database.db), new BarStore(config.marketDataDir)),
      jobLogger: logger,
    });
  // On PostgreSQL the monitoring spans every API and bot host (realtime/cluster-node.ts).
  const clusterNode = config.databaseUrl && watchesBots ? new ClusterNode(config.databaseUrl, logger) : null;
  const clusterControl =
    app && clusterNode
      ? new ClusterProcessControl({
          node: clusterNode,
          local: () => botsRole?.runtime.processes ?? null,
          investments: services.investments,
          version: PROCESS_VERSION,
          logger,
        })
      : null;
  // A runner or a bot host alone still answers its probes and /metrics on PORT.
  const server = app ?? (await buildOpsApp({ database, services, lifecycle, metrics, logger }));
  if (app)
    attachRealtimeGateway(app, {
      control: () => clusterControl ?? botsRole?.runtime.processes ?? null,
      trustProxy: config.trustProxy,
    });

  // On PostgreSQL one API process at a time does each periodic check (roles/periodic-checks.ts),
  // held under a name no other process has: BOT_HOST_NAME may be the same in every process started
  // from one environment file, and two API processes under one name would both run each check.
  const duties = shared ? new BotLeasesRepository(database.db) : null;
  const dutyHolder = `api:${hostname()}:${process.pid}`;
  const stopChecks = app
    ? startPeriodicChecks(
        services,
        logger,
        duties && ((name, leaseMs) => duties.holdDuty(name, dutyHolder, leaseMs)),
        shared ? null : () => database.db.execute(sql`ANALYZE`),
      )
    : () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, roles: config.roles }, 'shutting down');
    // A part that never answers (a pm2 call whose callback is lost) must not keep the process
    // alive: past the drain's time and a margin it ends anyway, and a bot host's leases expire.
    setTimeout(() => {
      logger.error({ signal }, 'shutdown did not finish in time: the process ends');
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS).unref();
    // Readiness answers 503 from now: a load balancer sends new work elsewhere while this drains.
    lifecycle.startDraining();
    stopChecks();
    // The jobs drain while the bots stop. A bot host still starting (the API answers before it is
    // up) is awaited and closed too: otherwise its pm2 daemon and bots would outlive the process.
    await Promise.all([
      roles.has('runner')
        ? drainJobsAtShutdown(services, database.db, config.shutdownTimeoutMs, logger)
        : null,
      botsStarting.catch(() => null).then((starting) => starting?.close()),
    ]);
    // The feed has stopped: its last candles are stored while the database is still open.
    candles.closeGrowing();
    await candleWriter.flush();
    clusterControl?.stop();
    await clusterNode?.close();
    await bus?.close();
    await server.close();
    if (!app) await services.executor.close();
    await database.close();
    process.exit(0);
  };
  onStopSignals(shutdown);

  await server.listen({ port: config.port, host: config.host });
  await clusterControl?.start();
  if (roles.has('runner')) {
    services.jobRunner.start();
    services.alertRunner.start();
    if (shared)
      await wakeOnQueuedJobs(database.notifications, () => {
        services.jobRunner.notify();
        services.alertRunner.notify();
      });
  }
  // A shutdown that began meanwhile has looked for the bot host already: start none.
  if (closing || !roles.has('bots')) return ready(config, app !== null, logger);
  botsStarting = startBotsRole({
    config,
    database,
    services,
    candles,
    bus,
    cluster: clusterNode,
    entryUrl: import.meta.url,
    logger,
    onLatency: (_investmentId, report) => server.metrics.recordBotLatency(report),
  });
  botsRole = await botsStarting;
  ready(config, app !== null, logger);
}

function ready(config: AppConfig, serves: boolean, logger: Logger): void {
  logger.info({ roles: config.roles }, 'server process ready');
  if (serves) console.log(`\n  Trading Platform is running at http://localhost:${config.port}\n`);
  else console.log(`\n  Trading Platform: ${config.roles.join(', ')} running\n`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof UnreadableCiphertextError ? error.message : error,
  );
  process.exit(1);
});
