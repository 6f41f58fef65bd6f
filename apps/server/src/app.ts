// Builds the Fastify app from its dependencies without listening: main.ts runs it, tests inject.
// The job runner is built with the services; main.ts decides whether this process runs jobs.
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { BarStore } from '@platform/marketdata';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hostname } from 'node:os';
import { systemClock } from './lib/clock';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { algorithmsRoutes } from './modules/algorithms/algorithms.routes';
import { analysesRoutes } from './modules/analyses/analyses.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { backtestsRoutes } from './modules/backtests/backtests.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { healthRoutes } from './modules/health/health.routes';
import { ServerLifecycle } from './modules/health/server-lifecycle';
import { instrumentsRoutes } from './modules/instruments/instruments.routes';
import { StoredAndLivePrices } from './modules/investments/chart-prices';
import { InvestmentChartRepository } from './modules/investments/investment-chart.repository';
import { investmentChartRoutes } from './modules/investments/investment-chart.routes';
import { InvestmentChartService } from './modules/investments/investment-chart.service';
import { investmentsRoutes } from './modules/investments/investments.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { MarketDataSets } from './modules/marketdata/market-data-sets';
import { MarketDataRepository } from './modules/marketdata/marketdata.repository';
import { marketDataRoutes } from './modules/marketdata/marketdata.routes';
import { MarketDataService } from './modules/marketdata/marketdata.service';
import { MetricsRepository } from './modules/metrics/metrics.repository';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { MetricsService } from './modules/metrics/metrics.service';
import { LiveCandlesRepository } from './modules/prices/live-candles.repository';
import { livePricesRoutes } from './modules/prices/live-prices.routes';
import { LivePricesService } from './modules/prices/live-prices.service';
import { statementsRoutes } from './modules/statements/statements.routes';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { usersRoutes } from './modules/users/users.routes';
import { weatherRoutes } from './modules/weather/weather.routes';
import { WeatherService } from './modules/weather/weather.service';
import { createWeatherApiClient, WEATHERAPI_URL } from './modules/weather/weatherapi-client';
import { registerAuthentication } from './plugins/authentication';
import { registerCrawlerFiles } from './plugins/crawler-files';
import { routesFor, type DeclareRoute } from './plugins/endpoint-routes';
import { registerErrorHandler, replyToRouterRefusal } from './plugins/error-handler';
import { registerRequestId, requestAwareLogger, requestIdOf } from './plugins/request-id';
import { OneLinePerRequest, withSafeRequestLog } from './plugins/request-logging';
import { registerRouteCatalog } from './plugins/route-catalog';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import type { ProcessControl } from './realtime/process-control';
import { buildServices, type ServiceDeps, type Services } from './services';

export interface AppDeps extends Omit<ServiceDeps, 'prices'> {
  /** The bar store's folder (DATA_DIR/marketdata): one Arrow file per market and timeframe. */
  marketDataDir: string;
  /** What the jobs read prices from; by default the sets stored in marketDataDir, those uploads merge into. */
  prices?: ServiceDeps['prices'];
  /** The largest uploaded file (default 600 MB); tests lower it to see the refusal without sending 600 MB. */
  uploadMaxBytes?: number;
  /** The built web app; without it only the API is served. */
  webDistDir?: string | undefined;
  /** Without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** weatherapi.com key and base URL (default the public one); without a key the forecast is unavailable. */
  weather?: { apiKey?: string | undefined; baseUrl?: string | undefined };
  /** The proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client; none by default. */
  trustProxy?: string[] | undefined;
  /** Draining once a shutdown begins (readiness answers 503); main.ts owns it, tests flip it. */
  lifecycle?: ServerLifecycle;
  /** /metrics: who may read it (docs/operations.md), and the bots this process supervises. */
  metrics?: {
    /** METRICS_TOKEN: scrapers send it as a Bearer token; without one only loopback callers may read. */
    token?: string | undefined;
    /** The bot host's name in the bot figures (default: this machine's host name). */
    host?: string;
    processes?: () => ProcessControl | null;
    /** The process's own figures (CPU, memory, event loop, GC): main.ts turns them on; tests build many apps in one process. */
    processMetrics?: boolean;
    /** This process's bot host leases, when it is one of several bot hosts (issue 34). */
    leases?: () => { valid: boolean } | null;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    metrics: MetricsService;
  }
}

/** Larger bodies are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface OperationsDeps {
  database: AppDeps['database'];
  services: Services;
  lifecycle?: ServerLifecycle | undefined;
  metrics?: AppDeps['metrics'];
}

/**
 * The health probes and /metrics, which every process serves (the API beside its calls, a runner
 * or bot host alone: buildOpsApp); decorates the app with its MetricsService.
 */
function registerOperations(app: FastifyInstance, deps: OperationsDeps, route: DeclareRoute): void {
  const lifecycle = deps.lifecycle ?? new ServerLifecycle();
  const { services } = deps;
  const metrics = new MetricsService(new MetricsRepository(deps.database.db), {
    host: deps.metrics?.host ?? hostname(),
    draining: () => lifecycle.draining,
    processMetrics: deps.metrics?.processMetrics ?? false,
    ...(deps.metrics?.processes ? { processes: deps.metrics.processes } : {}),
    ...(deps.metrics?.leases ? { leases: deps.metrics.leases } : {}),
    runners: () => [
      { name: 'jobs', leasesLost: services.jobRunner.leasesLost },
      { name: 'alerts', leasesLost: services.alertRunner.leasesLost },
    ],
  });
  app.decorate('metrics', metrics);
  metricsRoutes(app, metrics, deps.metrics?.token);
  healthRoutes(route, {
    database: deps.database.kind,
    ping: async () => {
      await deps.database.db.execute(sql`select 1`);
    },
    lifecycle,
  });
}

/**
 * A process without the API role (a runner, a bot host: issue 34) answers only the probes and
 * /metrics on its PORT, so a process manager can tell it lives and a scraper can read why it
 * holds no lease. No page, no call, no socket.
 */
export async function buildOpsApp(
  deps: OperationsDeps & { logger?: FastifyBaseLogger },
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: withSafeRequestLog(deps.logger), logController: new OneLinePerRequest() }
      : { logger: false }),
    frameworkErrors: replyToRouterRefusal,
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  registerRequestId(app);
  registerErrorHandler(app);
  app.decorate('services', deps.services);
  registerOperations(app, deps, routesFor(app, registerAuthentication(app, deps.services.auth)));
  // No pages: every other path is the 404 envelope.
  await registerWebApp(app, undefined);
  return app;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: withSafeRequestLog(deps.logger), logController: new OneLinePerRequest() }
      : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    ...(deps.trustProxy ? { trustProxy: deps.trustProxy } : {}),
    frameworkErrors: replyToRouterRefusal,
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  registerRequestId(app);
  registerRouteCatalog(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, deps.publicUrl, deps.webDistDir);
  await app.register(rateLimit, { global: false });

  const storedSets = new MarketDataSets(
    new MarketDataRepository(deps.database.db),
    new BarStore(deps.marketDataDir),
  );
  const services = buildServices({
    ...deps,
    prices: deps.prices ?? storedSets,
    ...(deps.logger ? { jobLogger: deps.logger, securityLogger: requestAwareLogger(deps.logger) } : {}),
  });
  const marketData = new MarketDataService(
    storedSets,
    services.algorithms,
    services.logs,
    deps.clock ?? systemClock,
  );
  app.decorate('services', services);
  // Bars prepared from a set an upload replaced are never read again: free them now.
  storedSets.onChange((market) => services.executor.pricesChanged(market));
  app.addHook('onClose', async () => {
    await services.jobRunner.stop();
    await services.alertRunner.stop();
    await services.executor.close();
  });
  // One registrar for every module: each route's guard comes from its declared access.
  const route = routesFor(app, registerAuthentication(app, services.auth));
  registerOperations(
    app,
    { database: deps.database, services, lifecycle: deps.lifecycle, metrics: deps.metrics },
    route,
  );
  authRoutes(route, services);
  logsRoutes(route, services.logs);
  usersRoutes(route, services.users);
  instrumentsRoutes(route, services.instruments);
  algorithmsRoutes(route, services.algorithms);
  accountsRoutes(route, services.accounts);
  investmentsRoutes(route, services.investments);
  const chartPrices = deps.prices ?? storedSets;
  investmentChartRoutes(
    route,
    new InvestmentChartService(
      services.investments,
      new InvestmentChartRepository(deps.database.db),
      services.instruments,
      chartPrices,
      new StoredAndLivePrices(chartPrices, deps.liveCandles, new LiveCandlesRepository(deps.database.db)),
      deps.clock ?? systemClock,
    ),
  );
  transactionsRoutes(route, services.transactions);
  livePricesRoutes(route, new LivePricesService(deps.liveCandles));
  backtestsRoutes(route, services.backtests, services.equityCurves);
  analysesRoutes(route, services.analyses);
  statementsRoutes(route, services.statements);
  alertsRoutes(route, services.alerts);
  await marketDataRoutes(route, marketData, { app, maxBytes: deps.uploadMaxBytes });
  const weatherProvider = createWeatherApiClient(deps.weather?.baseUrl ?? WEATHERAPI_URL);
  weatherRoutes(
    route,
    new WeatherService(weatherProvider, deps.weather?.apiKey, requestAwareLogger(app.log)),
  );
  docsRoutes(route);
  // Only a server that serves the pages tells crawlers about them.
  if (await registerWebApp(app, deps.webDistDir)) registerCrawlerFiles(app, deps.publicUrl);
  return app;
}
