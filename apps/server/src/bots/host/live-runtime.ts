// The live trading runtime of the server process (DESIGN.md section 7), started after the HTTP
// app: the bot hub on loopback, the price feed of every market (a broker's quote stream when one
// is configured, else the replay of its stored bars; the prices go to the bots and to the
// overview's candles), and the supervisor that keeps a bot process per running investment.
import type { Market } from '@platform/contracts';
import { AtRestCipher, deriveKey } from '../../lib/crypto';
import type { PriceHistory } from '../../modules/marketdata/price-history';
import type { BotsService } from '../../modules/bots/bots.service';
import type { BotControl } from '../../modules/investments/investments.service';
import { BotSupervisor, type BotProcessEntry } from './bot-supervisor';
import type { CandleBook } from './feed/candle-book';
import { BrokerFeeds, type QuoteSource } from './feed/broker-feeds';
import { ReplayFeeds } from './feed/replay-feeds';
import { SupervisorProcessControl, type MonitoredInvestments } from './supervisor-process-control';
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
}

const MARKETS: readonly Market[] = ['GOLD', 'NASDAQ', 'EURUSD'];

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
  const hub = new BotHub(options.bots, tokenKey, options.logger, capitalLinks, options.onLatency);
  const { host, port } = await hub.listen();
  const publish = (event: PriceEvent) => {
    options.candles.add(event);
    hub.publish(event);
  };
  const streams = options.brokerFeed
    ? new BrokerFeeds({ markets: MARKETS, brokerFor: options.brokerFeed, publish, logger: options.logger })
    : null;
  const streamed = (await streams?.start()) ?? [];
  const feeds = new ReplayFeeds({
    prices: options.prices,
    markets: MARKETS.filter((market) => !streamed.includes(market)),
    speed: options.feedSpeed,
    from: options.replayFrom,
    publish,
  });
  const replayed = await feeds.start();
  options.logger.info({ streamed, replayed, speed: options.feedSpeed }, 'price feeds started');
  const supervisor = new BotSupervisor({
    home: options.pm2Home,
    entry: options.entry,
    environment: (investmentId) => ({
      ...options.botEnvironment,
      BOT_HUB_HOST: host,
      BOT_HUB_PORT: String(port),
      BOT_INVESTMENT_ID: investmentId,
      BOT_TOKEN: botToken(tokenKey, investmentId),
    }),
    bots: options.bots,
    logger: options.logger,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  await supervisor.start();
  await supervisor.sync();
  const processes = new SupervisorProcessControl(supervisor, options.investments, options.version ?? '1.0.0');
  await processes.refreshStates();
  return {
    supervisor,
    hub,
    processes,
    async close() {
      feeds.stop();
      await streams?.stop();
      await supervisor.close();
      await hub.close();
      await capitalLinks.close();
    },
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
