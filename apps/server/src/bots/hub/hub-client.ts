// A bot process's end of the hub channel (hub-protocol.ts): calls answered in order, prices
// pushed as they come, and the ledger and paper book a GridBot needs, over it.
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { BrokerPosition } from '../brokers/broker';
import type { PaperBook } from '../brokers/paper-broker';
import type { BotLedger } from '../grid-bot';
import type {
  HubCalls,
  HubMessage,
  HubMethod,
  PriceEvent,
  QuietNotice,
  WirePosition,
} from './hub-protocol';

export class HubClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private lastCall: Promise<void> = Promise.resolve();
  private priceListener: (event: PriceEvent, seq: number) => void = () => undefined;

  private constructor(
    private readonly socket: Socket,
    onClose: () => void,
  ) {
    socket.setNoDelay(true);
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    lines.on('line', (line) => this.receive(JSON.parse(line) as HubMessage));
    lines.on('error', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('hub connection closed'));
      this.pending.clear();
      onClose();
    });
  }

  static connect(host: string, port: number, onClose: () => void): Promise<HubClient> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      socket.once('connect', () => resolve(new HubClient(socket, onClose)));
      socket.once('error', reject);
    });
  }

  call<M extends HubMethod>(method: M, params: HubCalls[M]['params']): Promise<HubCalls[M]['result']> {
    const id = this.nextId++;
    const answered = new Promise<HubCalls[M]['result']>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.write(`${JSON.stringify({ id, method, params })}\n`);
    });
    this.lastCall = answered.then(
      () => undefined,
      () => undefined,
    );
    return answered;
  }

  /** Resolves once every call made so far is answered (or the connection closed): the hub answers in order. */
  settled(): Promise<void> {
    return this.lastCall;
  }

  /** `seq` numbers the hub's prices, for quiet(). */
  onPrice(listener: (event: PriceEvent, seq: number) => void): void {
    this.priceListener = listener;
  }

  /** Tells the hub which prices would change nothing, now that every price up to `after` is handled. */
  quiet(notice: Omit<QuietNotice, 'notice'>): void {
    this.socket.write(`${JSON.stringify({ notice: 'quiet', ...notice } satisfies QuietNotice)}\n`);
  }

  close(): void {
    this.socket.end();
  }

  private receive(message: HubMessage): void {
    if ('event' in message) {
      this.priceListener(message.data, message.seq);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(new Error(message.error));
  }
}

export function hubLedger(hub: HubClient): BotLedger {
  return {
    intent: (order) => hub.call('intent', order).then(() => undefined),
    confirm: (id, dealId, fillPrice) => hub.call('confirm', { id, dealId, fillPrice }).then(() => undefined),
    fail: (id, message) => hub.call('fail', { id, message }).then(() => undefined),
    closeCycle: (record) => hub.call('closeCycle', record).then(() => undefined),
    halt: (message) => hub.call('halt', { message }).then(() => undefined),
  };
}

const position = (wire: WirePosition): BrokerPosition => ({ ...wire, openedAt: new Date(wire.openedAt) });

export function hubPaperBook(hub: HubClient): PaperBook {
  return {
    open: async (opening) =>
      position(await hub.call('paperOpen', { ...opening, openedAt: opening.openedAt.getTime() })),
    close: async (dealId, level, at) => {
      const exit = await hub.call('paperClose', { dealId, level, at: at.getTime() });
      return { ...exit, closedAt: new Date(exit.closedAt) };
    },
    openPositions: async () => (await hub.call('paperPositions', {})).map(position),
    find: async (clientRef) => {
      const found = await hub.call('paperFind', { clientRef });
      return found && position(found);
    },
  };
}
