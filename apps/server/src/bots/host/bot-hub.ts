// The server's end of the bots' channel (hub-protocol.ts): a loopback TCP server. A bot proves
// which investment it runs with a token the supervisor gave it (an HMAC of the investment id
// under a key of the server's), then reads and writes only that investment's rows and receives
// the prices of its market, but for those it said would change nothing (its quiet band): with
// hundreds of bots on two cores, waking each one for every price is what made decisions late.
// For the same reason a paper bot leaves its next order standing with the hub, the paper broker's
// home: the price that fills it is booked here at once, and handed to the bot with the news.
// A bot on Capital.com reaches its account through the hub too (capital-links.ts): one session,
// one request budget and one quote stream per account, its quotes handed to it as prices.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Market } from '@platform/contracts';
import { hmacHex } from '../../lib/crypto';
import { BotNotRunnableError, type BotsService } from '../../modules/bots/bots.service';
import {
  isQuiet,
  type CapitalReply,
  type CapitalRequest,
  type HubCalls,
  type HubMessage,
  type HubMethod,
  type HubRefusal,
  type HubRequest,
  type LatencyReport,
  type PriceEvent,
  type BandNotice,
  type StandingFill,
  type WireStandingOrders,
} from '../protocol/hub-protocol';
import { paperHubCalls, standingWrites, type PaperHubCalls } from '../brokers/paper/paper-hub-calls';
import { fillStanding } from '../brokers/paper/standing-fill';
import { HUB_CALL_PARAMS, hubLineSchema } from '../protocol/hub-calls';
import { BrokerError } from '../brokers/broker';
import { CapitalApiError } from '../brokers/capital/capital-http';
import type { CapitalAccountLink } from '../brokers/capital/capital-link';
import type { Logger } from '../../lib/logger';
import { quoteEvents } from './quote-events';
import type { CapitalLinks } from './capital-links';

/** What a bot shows to the hub: only the server's key makes it. */
export const botToken = (key: Buffer, investmentId: string) => hmacHex(key, `bot:${investmentId}`);

/** Told each bot's decision latency, once a period (the metrics of this host). */
export type LatencyListener = (investmentId: string, report: LatencyReport) => void;

/**
 * Whether this host may run the investment's bot now (its lease, host-leases.ts). A bot it may not
 * run is refused every call as not running and handed no price: a host never trades on a stale lease.
 */
export type BotGate = (investmentId: string) => boolean;

interface BotConnection {
  socket: Socket;
  /** A call failed: nothing the bot sent after it may run (an order must never overtake its failed intent). */
  broken: boolean;
  investmentId: string | null;
  market: Market | null;
  /** The prices the bot need not see, or null: it is handed every price. */
  quiet: BandNotice | null;
  /** The paper order standing for the next price that decides one, or null. */
  standing: WireStandingOrders | null;
  /** The bot's requests and its standing orders' writes, run one after another in the order they came. */
  chain: Promise<void>;
  /** The seq of the last price handed to the bot. */
  lastHanded: number;
  /** A Capital.com bot's account link, and the quotes it is handed instead of the market's feed. */
  capital: { accountRowId: string; link: CapitalAccountLink; unquote: (() => void) | null } | null;
}

/** A bot that said hello: the investment it proved it runs, and its market. */
interface Caller {
  connection: BotConnection;
  investmentId: string;
  market: Market;
}

type Handler<M extends HubMethod> = (
  caller: Caller,
  params: HubCalls[M]['params'],
) => Promise<HubCalls[M]['result']>;

export class BotHub {
  private server: Server | null = null;
  private readonly connections = new Set<BotConnection>();
  /** By investment, the end of the writes under way of its bot (the last to write, if it was started again). */
  private readonly writing = new Map<string, Promise<void>>();
  private seq = 0;
  /** The paper broker's book calls (brokers/paper). */
  private readonly paper: PaperHubCalls;

  constructor(
    private readonly bots: BotsService,
    private readonly tokenKey: Buffer,
    private readonly logger: Pick<Logger, 'warn'>,
    /** The server's Capital.com accounts; null where no bot trades there (tests of the paper bots). */
    private readonly capitalLinks: CapitalLinks | null = null,
    private readonly onLatency: LatencyListener = () => undefined,
    private readonly gate: BotGate = () => true,
  ) {
    this.paper = paperHubCalls(bots);
  }

  async listen(host = '127.0.0.1', port = 0): Promise<{ host: string; port: number }> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return { host, port: (server.address() as AddressInfo).port };
  }

  /**
   * Hands a price to every bot of its market that it may move, with the standing order it filled
   * if it filled one; answers how many bots it was handed to.
   */
  publish(event: PriceEvent): number {
    const seq = ++this.seq;
    const handed: { connection: BotConnection; filled: StandingFill | null }[] = [];
    for (const connection of this.connections) {
      // A bot on Capital.com trades on its own account's quotes (handQuote).
      if (connection.market !== event.market || connection.capital) continue;
      if (connection.quiet && isQuiet(connection.quiet, event)) continue;
      if (!this.gate(connection.investmentId as string)) continue;
      let filled: StandingFill | null = null;
      try {
        filled = connection.standing && this.fillStanding(connection, connection.standing, event);
      } catch (error) {
        // A notice the hub cannot read: that bot starts again, the others get their price.
        this.breakOff(connection, 'standing order', error);
        continue;
      }
      // The bot's band and orders held for the state before this price: until it tells the next,
      // it sees every price and decides them itself.
      connection.quiet = null;
      connection.standing = null;
      connection.lastHanded = seq;
      handed.push({ connection, filled });
    }
    // Only then do the lines go out: a bot woken by its line would take the processor from the
    // standing orders still to fill.
    const line = `${JSON.stringify({ event: 'price', data: event, seq } satisfies HubMessage)}\n`;
    for (const { connection, filled } of handed) {
      connection.socket.write(
        filled
          ? `${JSON.stringify({ event: 'price', data: event, seq, filled } satisfies HubMessage)}\n`
          : line,
      );
    }
    return handed.length;
  }

  /** One of its account's quotes, as a price, to a bot on Capital.com, unless it said the price changes nothing. */
  private handQuote(connection: BotConnection, event: PriceEvent): void {
    const seq = ++this.seq;
    if (connection.quiet && isQuiet(connection.quiet, event)) return;
    if (!this.gate(connection.investmentId as string)) return;
    connection.quiet = null;
    connection.lastHanded = seq;
    connection.socket.write(`${JSON.stringify({ event: 'price', data: event, seq } satisfies HubMessage)}\n`);
  }

  /** Investments whose bots are connected now. */
  connectedInvestments(): string[] {
    return [...this.connections].flatMap((connection) =>
      connection.investmentId ? [connection.investmentId] : [],
    );
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    const connection: BotConnection = {
      socket,
      broken: false,
      investmentId: null,
      market: null,
      quiet: null,
      standing: null,
      chain: Promise.resolve(),
      lastHanded: 0,
      capital: null,
    };
    this.connections.add(connection);
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.connections.delete(connection);
      const capital = connection.capital;
      if (!capital) return;
      capital.unquote?.();
      this.capitalLinks?.release(capital.accountRowId, capital.link);
    });
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    // A killed bot resets its connection: that is its 'close', not an error of the server's.
    lines.on('error', () => undefined);
    // One request at a time per bot, in order: a bot's writes must land in the order it made them.
    lines.on('line', (line) => {
      let received: HubRequest | BandNotice;
      try {
        received = hubLineSchema.parse(JSON.parse(line)) as HubRequest | BandNotice;
      } catch {
        // Not a line of the protocol: whoever sent it is no bot of ours, or a broken one.
        connection.socket.destroy();
        return;
      }
      // A band needs no answer and waits for no write: it applies at once.
      if ('notice' in received) this.takeQuiet(connection, received);
      else this.enqueue(connection, () => this.answer(connection, received));
    });
  }

  private enqueue(connection: BotConnection, work: () => Promise<void>): void {
    const chain = connection.chain.then(work);
    connection.chain = chain;
    const investmentId = connection.investmentId;
    if (!investmentId) return;
    this.writing.set(investmentId, chain);
    void chain.then(() => {
      if (this.writing.get(investmentId) === chain) this.writing.delete(investmentId);
    });
  }

  /** A band told after an older price than the last handed is stale: the bot will tell the next. */
  private takeQuiet(connection: BotConnection, notice: BandNotice): void {
    if (connection.investmentId && notice.after === connection.lastHanded) {
      connection.quiet = notice;
      connection.standing = notice.standing;
    }
  }

  /**
   * Fills the bot's standing order if this price decides it: the intent, the paper position or
   * exits and the confirmation, written as the bot would write them, behind its earlier writes.
   */
  private fillStanding(
    connection: BotConnection,
    standing: WireStandingOrders,
    event: PriceEvent,
  ): StandingFill | null {
    const filling = fillStanding(standing, event, Date.now());
    if (!filling) return null;
    const writes = standingWrites(this.bots, connection.investmentId as string);
    this.enqueue(connection, async () => {
      if (connection.broken) return;
      await filling
        .write(writes)
        .catch((error: unknown) => this.breakOff(connection, 'standing order', error));
    });
    return filling.filled;
  }

  private async answer(connection: BotConnection, request: HubRequest): Promise<void> {
    if (connection.broken) return;
    let reply: { ok: true; result: unknown } | { ok: false; code: HubRefusal; error: string };
    let failure: { error: unknown } | null = null;
    try {
      reply = { ok: true, result: await this.call(connection, request) };
    } catch (error) {
      failure = { error };
      reply =
        error instanceof BotNotRunnableError
          ? { ok: false, code: 'not-running', error: 'investment not running' }
          : { ok: false, code: 'failed', error: 'hub call failed' };
    }
    if (request.id !== null && !connection.socket.destroyed) {
      const message: HubMessage = { id: request.id, ...reply };
      connection.socket.write(`${JSON.stringify(message)}\n`);
    }
    // After the answer, so that the bot reads why its channel closes.
    if (failure) this.breakOff(connection, request.method, failure.error);
  }

  /** A write failed: nothing after it runs, and the bot starts again and reconciles from what was written. */
  private breakOff(connection: BotConnection, what: string, error: unknown): void {
    if (!(error instanceof BotNotRunnableError))
      this.logger.warn({ method: what, error: String(error) }, 'bot hub call failed');
    connection.broken = true;
    connection.socket.end();
  }

  /** A call, its parameters checked against what its method takes (hub-calls.ts) before anything runs. */
  private async call(connection: BotConnection, request: HubRequest): Promise<unknown> {
    if (request.method === 'hello')
      return this.hello(connection, HUB_CALL_PARAMS.hello.parse(request.params));
    const { investmentId, market } = connection;
    if (!investmentId || !market) throw new Error('hello first');
    if (!this.gate(investmentId)) throw new BotNotRunnableError(investmentId);
    return this.handle(request.method, { connection, investmentId, market }, request.params);
  }

  private handle<M extends Exclude<HubMethod, 'hello'>>(
    method: M,
    caller: Caller,
    params: unknown,
  ): Promise<unknown> {
    const handler = this.handlers[method] as Handler<M>;
    return handler(caller, HUB_CALL_PARAMS[method].parse(params));
  }

  /** What each call does, for the investment the bot proved it runs. */
  private readonly handlers: { [M in Exclude<HubMethod, 'hello'>]: Handler<M> } = {
    intent: ({ investmentId }, order) => this.bots.recordIntent(investmentId, order).then(() => null),
    confirm: ({ investmentId }, { id, dealId, fillPrice, stopLevel }) =>
      this.bots.confirm(investmentId, id, dealId, fillPrice, stopLevel ?? null).then(() => null),
    sent: ({ investmentId }, { id, dealReference }) =>
      this.bots.sent(investmentId, id, dealReference).then(() => null),
    working: ({ investmentId }, { id, workingOrderId }) =>
      this.bots.working(investmentId, id, workingOrderId).then(() => null),
    cancel: ({ investmentId }, { id }) => this.bots.cancel(investmentId, id).then(() => null),
    note: ({ investmentId }, { message, reopensAt }) =>
      this.bots.note(investmentId, message, reopensAt).then(() => null),
    stopAdjusted: ({ investmentId }, { id, requested, held }) =>
      this.bots.stopAdjusted(investmentId, id, requested, held).then(() => null),
    fail: ({ investmentId }, { id, message }) => this.bots.fail(investmentId, id, message).then(() => null),
    closeCycle: ({ investmentId, market }, record) =>
      this.bots.closeCycle(investmentId, market, record).then(() => null),
    halt: ({ investmentId }, { message }) => this.bots.halt(investmentId, message).then(() => null),
    paperOpen: ({ investmentId }, params) => this.paper.paperOpen(investmentId, params),
    paperClose: ({ investmentId }, params) => this.paper.paperClose(investmentId, params),
    paperPositions: ({ investmentId }, params) => this.paper.paperPositions(investmentId, params),
    paperFind: ({ investmentId }, params) => this.paper.paperFind(investmentId, params),
    sync: () => Promise.resolve(null),
    stillRunning: ({ investmentId }) => this.bots.isRunning(investmentId),
    capital: ({ connection }, request) => this.relay(connection, request),
    quotes: ({ connection, market }, { epic }) =>
      Promise.resolve(this.subscribeQuotes(connection, market, epic)),
    latency: ({ investmentId }, report) => {
      this.onLatency(investmentId, report);
      return Promise.resolve(null);
    },
  };

  private async hello(connection: BotConnection, params: HubCalls['hello']['params']) {
    const expected = Buffer.from(botToken(this.tokenKey, String(params.investmentId)));
    const given = Buffer.from(String(params.token));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      connection.socket.destroy();
      throw new Error('bad token');
    }
    if (!this.gate(params.investmentId)) throw new BotNotRunnableError(params.investmentId);
    // A bot started again after a kill reads every write its previous process (or the hub for it) sent.
    await this.writing.get(params.investmentId);
    const setup = await this.bots.setup(params.investmentId);
    connection.investmentId = params.investmentId;
    connection.market = setup.market;
    if (setup.broker.kind === 'capital') {
      if (!this.capitalLinks) throw new Error('no Capital.com links in this hub');
      const secrets = await this.bots.capitalAccount(params.investmentId);
      // Not if the bot is gone already: its 'close' has run, and would not release the link.
      if (connection.socket.destroyed) throw new Error('bot gone');
      const link = this.capitalLinks.acquire(secrets);
      connection.capital = { accountRowId: secrets.accountRowId, link, unquote: null };
    }
    return setup;
  }

  /** A bot's Capital.com call through its account's link; Capital.com's refusals are answers, not failures of the channel. */
  private async relay(connection: BotConnection, request: CapitalRequest): Promise<CapitalReply> {
    const link = connection.capital?.link;
    if (!link) throw new Error('not a Capital.com bot');
    try {
      const { method, path, query, body } = request;
      return { ok: true, body: await link.request(method, path, { query, body }) };
    } catch (error) {
      if (error instanceof CapitalApiError)
        return { ok: false, status: error.status, errorCode: error.errorCode };
      // The link's login refused (wrong credentials) is a problem for a person, not an outage: the bot halts on it.
      if (error instanceof BrokerError)
        return { ok: false, unavailable: error.message, problem: error.problem };
      throw error;
    }
  }

  private subscribeQuotes(connection: BotConnection, market: Market, epic: string): null {
    const capital = connection.capital;
    if (!capital?.link.quotes) throw new Error('not a Capital.com bot');
    capital.unquote?.();
    const toEvent = quoteEvents(market);
    capital.unquote = capital.link.quotes(epic, (quote) => this.handQuote(connection, toEvent(quote)));
    return null;
  }
}
