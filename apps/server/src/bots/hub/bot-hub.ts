// The server's end of the bots' channel (hub-protocol.ts): a loopback TCP server. A bot proves
// which investment it runs with a token the supervisor gave it (an HMAC of the investment id
// under a key of the server's), then reads and writes only that investment's rows and receives
// the prices of its market, but for those it said would change nothing (its quiet band): with
// hundreds of bots on two cores, waking each one for every price is what made decisions late.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Market } from '@platform/contracts';
import { hmacHex } from '../../lib/crypto';
import { BotNotRunnableError, type BotsService } from '../../modules/bots/bots.service';
import {
  isQuiet,
  type HubCalls,
  type HubMessage,
  type HubMethod,
  type HubRequest,
  type OrderRecord,
  type PriceEvent,
  type QuietNotice,
} from './hub-protocol';

/** What a bot shows to the hub: only the server's key makes it. */
export const botToken = (key: Buffer, investmentId: string) => hmacHex(key, `bot:${investmentId}`);

/** The answer to a bot whose investment is not running (stopped, deleted): it exits quietly. */
export const NOT_RUNNING = 'investment not running';

export interface HubLogger {
  warn(data: object, message: string): void;
}

interface BotConnection {
  socket: Socket;
  /** A call failed: nothing the bot sent after it may run (an order must never overtake its failed intent). */
  broken: boolean;
  investmentId: string | null;
  market: Market | null;
  /** The prices the bot need not see, or null: it is handed every price. */
  quiet: QuietNotice | null;
  /** The seq of the last price handed to the bot. */
  lastHanded: number;
}

export class BotHub {
  private server: Server | null = null;
  private readonly connections = new Set<BotConnection>();
  private seq = 0;

  constructor(
    private readonly bots: BotsService,
    private readonly tokenKey: Buffer,
    private readonly logger: HubLogger,
  ) {}

  async listen(host = '127.0.0.1', port = 0): Promise<{ host: string; port: number }> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return { host, port: (server.address() as AddressInfo).port };
  }

  /** Hands a price to every bot of its market that it may move; answers how many it was handed to. */
  publish(event: PriceEvent): number {
    const seq = ++this.seq;
    const line = `${JSON.stringify({ event: 'price', data: event, seq } satisfies HubMessage)}\n`;
    let handed = 0;
    for (const connection of this.connections) {
      if (connection.market !== event.market) continue;
      if (connection.quiet && isQuiet(connection.quiet, event)) continue;
      // The bot's band held for the state before this price: until it tells the next, it sees every price.
      connection.quiet = null;
      connection.lastHanded = seq;
      connection.socket.write(line);
      handed++;
    }
    return handed;
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
      lastHanded: 0,
    };
    this.connections.add(connection);
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    socket.on('close', () => this.connections.delete(connection));
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    // A killed bot resets its connection: that is its 'close', not an error of the server's.
    lines.on('error', () => undefined);
    // One request at a time per bot, in order: a bot's writes must land in the order it made them.
    let chain = Promise.resolve();
    lines.on('line', (line) => {
      let received: HubRequest | QuietNotice;
      try {
        received = JSON.parse(line) as HubRequest | QuietNotice;
      } catch {
        connection.socket.destroy();
        return;
      }
      // A band needs no answer and waits for no write: it applies at once.
      if ('notice' in received) this.takeQuiet(connection, received);
      else chain = chain.then(() => this.answer(connection, received));
    });
  }

  /** A band told after an older price than the last handed is stale: the bot will tell the next. */
  private takeQuiet(connection: BotConnection, notice: QuietNotice): void {
    if (connection.investmentId && notice.after === connection.lastHanded) connection.quiet = notice;
  }

  private async answer(connection: BotConnection, request: HubRequest): Promise<void> {
    if (connection.broken) return;
    let message: HubMessage | null;
    try {
      const result = await this.call(connection, request);
      message = request.id === null ? null : { id: request.id, ok: true, result };
    } catch (error) {
      const text = error instanceof BotNotRunnableError ? NOT_RUNNING : 'hub call failed';
      if (!(error instanceof BotNotRunnableError))
        this.logger.warn({ method: request.method, error: String(error) }, 'bot hub call failed');
      message = request.id === null ? null : { id: request.id, ok: false, error: text };
      connection.broken = true;
    }
    if (message && !connection.socket.destroyed) connection.socket.write(`${JSON.stringify(message)}\n`);
    // The bot starts again and reconciles from what was written.
    if (connection.broken) connection.socket.end();
  }

  private async call(connection: BotConnection, request: HubRequest): Promise<unknown> {
    if (request.method === 'hello')
      return this.hello(connection, request.params as HubCalls['hello']['params']);
    const investmentId = connection.investmentId;
    if (!investmentId || !connection.market) throw new Error('hello first');
    return this.dispatch(investmentId, connection.market, request.method, request.params);
  }

  private async hello(connection: BotConnection, params: HubCalls['hello']['params']) {
    const expected = Buffer.from(botToken(this.tokenKey, String(params.investmentId)));
    const given = Buffer.from(String(params.token));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      connection.socket.destroy();
      throw new Error('bad token');
    }
    const setup = await this.bots.setup(params.investmentId);
    connection.investmentId = params.investmentId;
    connection.market = setup.market;
    return setup;
  }

  private async dispatch(
    investmentId: string,
    market: Market,
    method: Exclude<HubMethod, 'hello'>,
    params: unknown,
  ): Promise<unknown> {
    const bots = this.bots;
    switch (method) {
      case 'intent':
        return bots.recordIntent(investmentId, params as OrderRecord).then(() => null);
      case 'confirm': {
        const { id, dealId, fillPrice } = params as HubCalls['confirm']['params'];
        return bots.confirm(investmentId, id, dealId, fillPrice).then(() => null);
      }
      case 'fail': {
        const { id, message } = params as HubCalls['fail']['params'];
        return bots.fail(investmentId, id, message).then(() => null);
      }
      case 'closeCycle':
        return bots
          .closeCycle(investmentId, market, params as HubCalls['closeCycle']['params'])
          .then(() => null);
      case 'halt':
        return bots.halt(investmentId, (params as HubCalls['halt']['params']).message).then(() => null);
      case 'paperOpen':
        return wirePosition(await bots.openPaper(investmentId, params as HubCalls['paperOpen']['params']));
      case 'paperClose': {
        const { dealId, level, at } = params as HubCalls['paperClose']['params'];
        const exit = await bots.closePaper(investmentId, dealId, level, at);
        return { ...exit, closedAt: exit.closedAt.getTime() };
      }
      case 'paperPositions':
        return (await bots.paperPositions(investmentId)).map(wirePosition);
      case 'paperFind': {
        const found = await bots.findPaper(
          investmentId,
          (params as HubCalls['paperFind']['params']).clientRef,
        );
        return found && wirePosition(found);
      }
      case 'sync':
        return null;
    }
  }
}

function wirePosition(position: {
  dealId: string;
  clientRef: string | null;
  lots: number;
  level: number;
  openedAt: Date;
}) {
  return { ...position, openedAt: position.openedAt.getTime() };
}
