// The live trading runtime of a bot host (DESIGN.md section 7), started after the HTTP app when
// one process does everything: the bot hub on loopback, the price feed of every market (a broker's
// quote stream when one is configured, else the replay of its stored bars; the prices go to the
// bots and to the overview's candles), and the supervisor that keeps a bot process per running
// investment. On one PostgreSQL shared by several processes (issue 34) the prices come from the
// bus instead (the feed runs where feed-owner.ts says), and the host keeps only the bots of the
// accounts it holds a lease on (host-leases.ts), trading on none while it cannot renew them.
import type { Market } from '@platform/contracts';
import { AtRestCipher, deriveKey } from '../../lib/crypto';
import type { PriceHistory } from '../../modules/marketdata/price-history';
import type { BotsService } from '../../modules/bots/bots.service';
import type { BotControl } from '../../modules/investments/investments.service';
import { BotSupervisor, type BotProcessEntry, type SupervisedBots } from './bot-supervisor';
import type { CandleBook } from './feed/candle-book';
import type { QuoteSource } from './feed/broker-feeds';
import type { PriceBus } from './feed/price-bus';
import { startPriceFeeds } from './feed/price-feeds';
import type { HostLeases } from './host-leases';
import {
  PROCESS_VERSION,
  SupervisorProcessControl,
  type MonitoredInvestments,
} from './supervisor-process-control';
import type { ProcessControl } from '../../realtime/process-control';
import { BotHub, botToken, type LatencyListener } from './bot-hub';
import { CapitalLinks, type CapitalHosts } from './capital-links';
import type { CapitalAccountLinkOptions } from '../brokers/capital/capital-link';
import type { PriceEvent } from '../protocol/hub-protocol';
import type { Logger } from '../../lib/logger';

export interface LiveRuntimeOptions {
  bots: BotsService;
  /** The investments whose bots the monitoring view lists and steers (InvestmentsService). */
  investments: MonitoredInvestments;
  prices: PriceHistory;
  candles: CandleBook;
  encryptionKey: string;
  /** Keys of before a rotation still under way: credentials not re-encrypted yet are read with them. */
  previousEncryptionKeys?: string[];
  /** Capital.com's hosts (CAPITAL_API_URL, CAPITAL_DEMO_API_URL, CAPITAL_STREAM_URL). */
  capitalHosts?: CapitalHosts;
  /** What tests shorten of the accounts' Capital.com links (timeouts, login spacing). */
  capitalLink?: Partial<CapitalAccountLinkOptions>;
  feedSpeed: number;
  /** Where in the week the replay starts (ReplayFeedsOptions.from). */
  replayFrom?: number;
  entry: BotProcessEntry;
  /** pm2's home: DATA_DIR/pm2. */
  pm2Home: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** What a bot process also needs from the server's environment (its log level and format). */
  botEnvironment: Record<string, string>;
  /** A quote source per market whose stream feeds the market (FEED_SOURCE=capital); else the replay. */
  brokerFeed?: (market: Market) => QuoteSource;
  /** Tests shorten the supervisor's pauses. */
  backoffMs?: number;
  /** The version the monitoring view shows for every process. */
  version?: string;
  /** Told each bot's decision latency once a period (/metrics). */
  onLatency?: LatencyListener;
  /** The prices, when another component runs the feeds (several processes on PostgreSQL); else this runtime runs them. */
  priceBus?: PriceBus;
  /** The accounts this host may run bots for (several bot hosts on PostgreSQL); else every running investment. */
  leases?: HostLeases;
}

export interface LiveRuntime {
  supervisor: BotSupervisor;
  hub: BotHub;
  /** The processes as the monitoring gateway shows and steers them. */
  processes: ProcessControl;
  close(): Promise<void>;
}

export async function startLiveRuntime(options: LiveRuntimeOptions): Promise<LiveRuntime> {
  const tokenKey = deriveKey(options.encryptionKey, 'bot-hub');
  const capitalLinks = new CapitalLinks({
    cipher: new AtRestCipher(
      { current: options.encryptionKey, previous: options.previousEncryptionKeys ?? [] },
      'broker-credentials',
    ),
    hosts: options.capitalHosts ?? {},
    logger: options.logger,
    ...(options.capitalLink ? { link: options.capitalLink } : {}),
  });
  const leases = options.leases;
  const hub = new BotHub(
    options.bots,
    tokenKey,
    options.logger,
    capitalLinks,
    options.onLatency,
    leases ? (investmentId) => leases.holds(investmentId) : undefined,
  );
  const { host, port } = await hub.listen();
  const publish = (event: PriceEvent) => {
    options.candles.add(event);
    hub.publish(event);
  };
  const unsubscribe = options.priceBus?.subscribe((event) => hub.publish(event));
  const feeds = options.priceBus
    ? null
    : await startPriceFeeds({
        prices: options.prices,
        feedSpeed: options.feedSpeed,
        replayFrom: options.replayFrom,
        brokerFeed: options.brokerFeed,
        publish,
        logger: options.logger,
      });
  const supervisor = new BotSupervisor({
    home: options.pm2Home,
    entry: options.entry,
    environment: (investmentId) => ({
      ...options.botEnvironment,
      BOT_HUB_HOST: host,
      BOT_HUB_PORT: String(port),
      BOT_INVESTMENT_ID: investmentId,
      BOT_TOKEN: botToken(tokenKey, investmentId),
      BOT_HOST_PID: String(process.pid),
    }),
    bots: leases ? leasedBots(options.bots, leases) : options.bots,
    logger: options.logger,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  await supervisor.start();
  await supervisor.sync();
  // Once the bots of accounts another host asked for have stopped, those accounts are handed over.
  const unwatch = leases?.onChange(
    () =>
      void supervisor
        .sync()
        .then(() => leases.handOver(new Set(supervisor.list().map((bot) => bot.investmentId)))),
  );
  const processes = new SupervisorProcessControl(
    supervisor,
    options.investments,
    options.version ?? PROCESS_VERSION,
    leases ? { host: leases.host } : {},
  );
  await processes.refreshStates();
  return {
    supervisor,
    hub,
    processes,
    async close() {
      unwatch?.();
      unsubscribe?.();
      await feeds?.stop();
      await supervisor.close();
      await hub.close();
      await capitalLinks.close();
    },
  };
}

/**
 * The running investments as a host with leases sees them: those of the accounts it holds, still
 * running in the database; none, without asking the database, while it cannot believe its leases.
 */
function leasedBots(bots: BotsService, leases: HostLeases): SupervisedBots {
  return {
    async runningInvestmentIds() {
      const held = leases.runningInvestmentIds();
      if (held.length === 0) return [];
      const running = new Set(await bots.runningInvestmentIds());
      return held.filter((id) => running.has(id));
    },
    halt: (investmentId, message) => bots.halt(investmentId, message),
  };
}

/** The services' view of the supervisor, which exists only once the app is built: calls before that are dropped. */
export function lateBotControl(runtime: () => LiveRuntime | null, bots: () => BotsService): BotControl {
  return {
    investmentChanged(investmentId) {
      const supervisor = runtime()?.supervisor;
      if (supervisor) void supervisor.restart([investmentId]);
    },
    accountChanged(accountId) {
      const supervisor = runtime()?.supervisor;
      if (supervisor)
        void bots()
          .investmentIdsOfAccount(accountId)
          .then((ids) => supervisor.restart(ids));
    },
  };
}
