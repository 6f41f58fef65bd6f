// A bot process (DESIGN.md section 7): one running investment. The supervisor starts it with the
// hub's address and the investment's token; it asks the hub for its set-up, trades through its
// broker until it is told to stop (SIGTERM: it finishes the order under way first), and exits.
// Exit codes: 0 when it has nothing to do (the investment is not running, or it halted with a
// reason written on the investment); 1 when something failed that a restart may mend.
import { stdoutLogger } from '../../lib/logger';
import { loadBotConfig, loadBotLogging } from './bot-config';
import type { Broker } from '../brokers/broker';
import { CapitalBroker } from '../brokers/capital/capital-broker';
import { PaperBroker } from '../brokers/paper/paper-broker';
import { DecisionLatency } from './decision-latency';
import type { BotLedger } from './bot-ledger';
import { GridBot } from './grid-bot';
import { hubCapitalLink } from './hub-capital-link';
import { hubPaperBook, orderedHubLedger } from '../brokers/paper/hub-paper-book';
import { HubCallError, HubClient, hubLedger } from './hub-client';
import { stopDaemonIfOrphaned } from './orphaned-bot';
import type { BotSetup, PriceEvent } from '../protocol/hub-protocol';

const logging = loadBotLogging(process.env);
const logger = stdoutLogger(logging.LOG_LEVEL, logging.LOG_FORMAT, {
  investmentId: logging.BOT_INVESTMENT_ID,
});

/**
 * The paper book behind the hub, or Capital.com through the account's link in the server (one
 * session and request budget per account; the credentials never reach this process).
 */
function brokerFor(setup: BotSetup, hub: HubClient, ledger: BotLedger): Broker {
  if (setup.broker.kind === 'paper') return new PaperBroker(hubPaperBook(hub), setup.instrument);
  return new CapitalBroker({
    link: hubCapitalLink(hub),
    market: setup.market,
    instrument: setup.instrument,
    journal: ledger,
    logger,
  });
}

async function main(): Promise<void> {
  const config = loadBotConfig(process.env);
  let stopping = false;
  const hub = await HubClient.connect(config.BOT_HUB_HOST, config.BOT_HUB_PORT, () => {
    if (stopping) return;
    logger.error({}, 'hub connection lost');
    stopDaemonIfOrphaned(config.BOT_HOST_PID, logger);
    process.exit(1);
  }).catch((error: unknown) => {
    stopDaemonIfOrphaned(config.BOT_HOST_PID, logger);
    throw error;
  });
  let setup: BotSetup;
  try {
    setup = await hub.call('hello', {
      investmentId: config.BOT_INVESTMENT_ID,
      token: config.BOT_TOKEN,
    });
  } catch (error) {
    stopping = true;
    hub.close();
    if (error instanceof HubCallError && error.code === 'not-running') return;
    throw error;
  }

  // The paper book shares the ledger's ordered channel: its writes need no answer (hub-protocol.ts).
  const ledger = setup.broker.kind === 'paper' ? orderedHubLedger(hub) : hubLedger(hub);
  const broker = brokerFor(setup, hub, ledger);
  const latency = new DecisionLatency();
  // When each price reached this process, for the latency's delivery part.
  const arrivals = new WeakMap<PriceEvent, number>();
  const statsTimer = setInterval(() => {
    const figures = latency.take();
    if (!figures) return;
    logger.info({ latency: figures }, 'decision latency (ms) from price to order');
    const { sent, standing, delivery } = figures;
    hub.send('latency', { sent, standing, delivery });
  }, config.BOT_STATS_MS);
  statsTimer.unref();
  const bot = new GridBot(setup, broker, ledger, {
    logger,
    ...(config.BOT_SETTLE_WINDOW_MS
      ? { settleWindowMs: config.BOT_SETTLE_WINDOW_MS, retryDelayMs: 100 }
      : {}),
    onOrderSent: (event, standingFilledAt) =>
      standingFilledAt === undefined
        ? latency.record(event.time, arrivals.get(event) ?? Date.now())
        : latency.recordStanding(event.time, standingFilledAt),
    onFatal: (error) => {
      logger.error({ error: String(error) }, 'bot failed');
      process.exit(1);
    },
  });
  /** The seq of the last price the hub handed this bot. */
  let latest = 0;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // No order stands for a bot that stops: a deletion request leaves the positions as they are.
    // Told after a later price was handed, this is stale, but that price took the order back already.
    hub.quiet({ after: latest, above: null, below: null, opensQuiet: false, standing: null });
    await bot.stop();
    // Stopped by a person (or the investment deleted): no new exposure rests at the broker while
    // nobody trades it. A server going down keeps it, so the grid goes on while the server is away.
    if (!(await hub.call('stillRunning', {}).catch(() => true)))
      await bot
        .takeBackResting()
        .catch((error: unknown) => logger.warn({ error: String(error) }, 'working order not taken back'));
    await hub.settled();
    await broker.disconnect().catch(() => undefined);
    hub.close();
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));

  await bot.start();
  if (bot.halted !== null) return stop(0);
  logger.info(
    { market: setup.market, broker: setup.broker.kind, openOrders: setup.openOrders.length },
    'bot trading',
  );
  const watchHalt = () => {
    if (bot.halted !== null) void stop(0);
  };
  // The paper book is the hub's: it can hold the bot's next order and fill it on its price.
  const standing = setup.broker.kind === 'paper';
  hub.onPrice((event, seq, filled) => {
    arrivals.set(event, Date.now());
    latest = seq;
    bot.onPrice(event, filled);
    void bot.idle().then(() => {
      watchHalt();
      // Every price handed so far is handled: the hub may keep the quiet ones from this bot.
      if (latest === seq && bot.halted === null && !stopping)
        hub.quiet({ after: seq, ...bot.quietBand(), standing: standing ? bot.standingOrder() : null });
    });
  });
  // A bot on Capital.com trades on its own account's quotes, which the hub hands it from now on.
  if (broker instanceof CapitalBroker) await hub.call('quotes', { epic: broker.epic });
}

main().catch((error: unknown) => {
  logger.error({ error: String(error) }, 'bot could not start');
  process.exit(1);
});
