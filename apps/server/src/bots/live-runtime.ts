// The live trading runtime of the server process (DESIGN.md section 7), started after the HTTP
// app: the bot hub on loopback, the replay feeds of every market (their prices go to the bots and
// to the overview's candles), and the supervisor that keeps a bot process per running investment.
import type { Market } from '@platform/contracts';
import { deriveKey } from '../lib/crypto';
import type { PriceHistory } from '../jobs/price-history';
import type { BotsService } from '../modules/bots/bots.service';
import type { BotControl } from '../modules/investments/investments.service';
import { BotSupervisor, type BotProcessEntry, type SupervisorLogger } from './bot-supervisor';
import type { CandleBook } from './feed/candle-book';
import { ReplayFeeds } from './feed/replay-feeds';
import { BotHub, botToken } from './hub/bot-hub';

export interface LiveRuntimeOptions {
  bots: BotsService;
  prices: PriceHistory;
  candles: CandleBook;
  encryptionKey: string;
  feedSpeed: number;
  entry: BotProcessEntry;
  logger: SupervisorLogger;
  /** What a bot process also needs from the server's environment (log level, Capital.com's hosts). */
  botEnvironment: Record<string, string>;
  /** Tests shorten the supervisor's pauses. */
  backoffMs?: number;
}

const MARKETS: readonly Market[] = ['GOLD', 'NASDAQ', 'EURUSD'];

export interface LiveRuntime {
  supervisor: BotSupervisor;
  hub: BotHub;
  close(): Promise<void>;
}

export async function startLiveRuntime(options: LiveRuntimeOptions): Promise<LiveRuntime> {
  const tokenKey = deriveKey(options.encryptionKey, 'bot-hub');
  const hub = new BotHub(options.bots, tokenKey, options.logger);
  const { host, port } = await hub.listen();
  const feeds = new ReplayFeeds({
    prices: options.prices,
    markets: MARKETS,
    speed: options.feedSpeed,
    publish: (event) => {
      options.candles.add(event);
      hub.publish(event);
    },
  });
  const replayed = await feeds.start();
  options.logger.info(
    { markets: replayed, speed: options.feedSpeed },
    'price feeds replaying the stored bars',
  );
  const supervisor = new BotSupervisor({
    entry: options.entry,
    environment: (investmentId) => ({
      ...options.botEnvironment,
      BOT_HUB_HOST: host,
      BOT_HUB_PORT: String(port),
      BOT_INVESTMENT_ID: investmentId,
      BOT_TOKEN: botToken(tokenKey, investmentId),
      ENCRYPTION_KEY: options.encryptionKey,
    }),
    bots: options.bots,
    logger: options.logger,
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  await supervisor.sync();
  return {
    supervisor,
    hub,
    async close() {
      feeds.stop();
      await supervisor.close();
      await hub.close();
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
