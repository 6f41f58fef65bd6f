// The bots role (issue 34): a bot host, with its pm2, its hub and the prices for its bots. Alone
// on its database (PGlite) it runs every running investment's bot and the feeds itself, as the
// one process of npm start. On PostgreSQL, where other hosts may share the work, it holds leases
// on the accounts whose bots it runs (host-leases.ts), takes the price feed when no other process
// has it (feed-owner.ts) and receives the prices on the bus, and hears the API's changes to
// investments on their channel (cluster-bot-control.ts).
import type { DatabaseHandle } from '@platform/db';
import type { Market } from '@platform/contracts';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import type { Services } from '../services';
import { CapitalAccountLink } from '../bots/brokers/capital/capital-link';
import { CapitalQuoteFeed } from '../bots/brokers/capital/capital-quote-feed';
import {
  DEFAULT_CAPITAL_API_URL,
  DEFAULT_CAPITAL_DEMO_API_URL,
  DEFAULT_CAPITAL_DEMO_STREAM_URL,
  DEFAULT_CAPITAL_STREAM_URL,
} from '../bots/brokers/capital/capital-hosts';
import { botEntryLocation } from '../bots/host/bot-supervisor';
import type { LatencyListener } from '../bots/host/bot-hub';
import type { CandleBook } from '../bots/host/feed/candle-book';
import { FeedOwner } from '../bots/host/feed/feed-owner';
import type { PriceBus } from '../bots/host/feed/price-bus';
import { startPriceFeeds } from '../bots/host/feed/price-feeds';
import { HostLeases, type HostLeaseState } from '../bots/host/host-leases';
import { startLiveRuntime, type LiveRuntime } from '../bots/host/live-runtime';
import { realTimers } from '../bots/timers';
import { BotLeasesRepository } from '../modules/bots/bot-leases.repository';
import type { ClusterNode } from '../realtime/cluster-node';
import { listenForBotChanges, type BotChange } from './cluster-bot-control';

export interface BotsRoleOptions {
  config: AppConfig;
  database: DatabaseHandle;
  services: Pick<Services, 'bots' | 'investments' | 'prices'>;
  /** The candles of the charts: the runtime adds the feed's prices to them when it runs the feeds itself. */
  candles: CandleBook;
  /** The prices from the process that owns the feed (PostgreSQL); null: this runtime runs the feeds. */
  bus: PriceBus | null;
  /** The monitoring across processes (PostgreSQL), which lists and steers this host's bots too. */
  cluster: ClusterNode | null;
  /** The server bundle's own address (import.meta.url of main.ts), where the bot's entry lies beside it. */
  entryUrl: string;
  logger: Logger;
  onLatency: LatencyListener;
}

export interface BotsRole {
  runtime: LiveRuntime;
  /** Whether this process sends the prices now (so it stores the candles that close). */
  ownsFeed(): boolean;
  /** Its leases' state, when it is one of several bot hosts (PostgreSQL); null alone on its database. */
  leaseState(): HostLeaseState | null;
  close(): Promise<void>;
}

/** What a bot process needs of the server's configuration besides its hub and token. */
function botEnvironment(config: AppConfig): Record<string, string> {
  return { LOG_LEVEL: config.logLevel, ...(config.logFormat ? { LOG_FORMAT: config.logFormat } : {}) };
}

/** FEED_SOURCE=capital: one Capital.com session of the platform's own, streaming every market's quotes. */
function capitalFeedLink(config: AppConfig, logger: Logger): CapitalAccountLink | null {
  const feed = config.feed;
  if (feed.source !== 'capital') return null;
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

export async function startBotsRole(options: BotsRoleOptions): Promise<BotsRole> {
  const { config, database, services, logger, bus } = options;
  const feedLink = capitalFeedLink(config, logger);
  const brokerFeed = feedLink ? (market: Market) => new CapitalQuoteFeed(feedLink, market) : undefined;
  const runtimeOptions = {
    bots: services.bots,
    investments: services.investments,
    prices: services.prices,
    candles: options.candles,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    capitalHosts: config.capital,
    feedSpeed: config.feedSpeed,
    entry: botEntryLocation(options.entryUrl),
    pm2Home: join(config.dataDir, 'pm2'),
    logger,
    botEnvironment: botEnvironment(config),
    onLatency: options.onLatency,
    ...(brokerFeed ? { brokerFeed } : {}),
  };

  if (!bus) {
    const runtime = await startLiveRuntime(runtimeOptions);
    return {
      runtime,
      ownsFeed: () => true,
      leaseState: () => null,
      async close() {
        await runtime.close();
        await feedLink?.close();
      },
    };
  }

  const { name, capacity, leaseMs } = config.botHost;
  const store = new BotLeasesRepository(database.db);
  const leases = new HostLeases({ store, host: name, capacity, leaseMs, logger });
  await leases.start();
  const runtime = await startLiveRuntime({ ...runtimeOptions, priceBus: bus, leases });
  const apply = async (change: BotChange) => {
    await leases.renewNow();
    const ids =
      'investmentId' in change
        ? [change.investmentId]
        : await services.bots.investmentIdsOfAccount(change.accountId);
    await runtime.supervisor.restart(ids);
  };
  const stopListening = await listenForBotChanges(database.notifications, (change) => {
    apply(change).catch((error: unknown) =>
      logger.warn({ ...change, error: String(error) }, 'bot change not applied'),
    );
  });
  const feedOwner = new FeedOwner({
    store,
    holder: name,
    leaseMs,
    startFeeds: () =>
      startPriceFeeds({
        prices: services.prices,
        feedSpeed: config.feedSpeed,
        ...(brokerFeed ? { brokerFeed } : {}),
        publish: (event) => bus.publish(event),
        logger,
      }),
    logger,
  });
  await feedOwner.start();
  const unserve = options.cluster?.serve(runtime.processes);
  logger.info({ host: name, capacity, leaseMs }, 'bot host started');
  return {
    runtime,
    ownsFeed: () => feedOwner.owns(),
    leaseState: () => leases.state(),
    async close() {
      unserve?.();
      await stopListening();
      await feedOwner.close();
      // The bots stop (each finishes the order under way) before their accounts are let go.
      await runtime.close();
      await leases.close();
      await feedLink?.close();
    },
  };
}
