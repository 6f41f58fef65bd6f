// A bot process's end of the hub channel (hub-protocol.ts): calls answered in order, prices
// pushed as they come, and the ledger a GridBot needs, over it (the paper book's: hub-paper-book.ts).
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { BotLedger } from './bot-ledger';
import type {
  HubCalls,
  HubMessage,
  HubMethod,
  HubRefusal,
  HubRequest,
  PriceEvent,
  BandNotice,
  StandingFill,
} from '../protocol/hub-protocol';

/** A call the hub refused; its code says what the bot does about it. */
export class HubCallError extends Error {
  constructor(
    readonly code: HubRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'HubCallError';
  }
}

export class HubClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private priceListener: (event: PriceEvent, seq: number, filled: StandingFill | null) => void = () =>
    undefined;

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
    return new Promise<HubCalls[M]['result']>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.write(`${JSON.stringify({ id, method, params } satisfies HubRequest)}\n`);
    });
  }

  /** A write left unanswered: it runs before anything sent after it, and if it fails the hub closes the channel. */
  send<M extends HubMethod>(method: M, params: HubCalls[M]['params']): void {
    this.socket.write(`${JSON.stringify({ id: null, method, params } satisfies HubRequest)}\n`);
  }

  /** Resolves once everything sent so far has run (or the connection closed). */
  settled(): Promise<void> {
    return this.call('sync', {}).then(
      () => undefined,
      () => undefined,
    );
  }

  /** `seq` numbers the hub's prices, for quiet(); `filled`, the standing order the price filled. */
  onPrice(listener: (event: PriceEvent, seq: number, filled: StandingFill | null) => void): void {
    this.priceListener = listener;
  }

  /**
   * Tells the hub which prices would change nothing, and which order stands for the next deciding
   * one, now that every price up to `after` is handled.
   */
  quiet(notice: Omit<BandNotice, 'notice'>): void {
    this.socket.write(`${JSON.stringify({ notice: 'quiet', ...notice } satisfies BandNotice)}\n`);
  }

  close(): void {
    this.socket.end();
  }

  private receive(message: HubMessage): void {
    if ('event' in message) {
      this.priceListener(message.data, message.seq, message.filled ?? null);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(new HubCallError(message.code, message.error));
  }
}

/** A ledger whose every write is answered: the bot waits for it before a remote broker sees the order. */
export function hubLedger(hub: HubClient): BotLedger {
  const done = () => undefined;
  return {
    intent: (order) => hub.call('intent', order).then(done),
    sent: (id, dealReference) => hub.call('sent', { id, dealReference }).then(done),
    working: (id, workingOrderId) => hub.call('working', { id, workingOrderId }).then(done),
    confirm: (id, dealId, fillPrice, stopLevel) =>
      hub.call('confirm', { id, dealId, fillPrice, stopLevel: stopLevel ?? null }).then(done),
    cancel: (id) => hub.call('cancel', { id }).then(done),
    fail: (id, message) => hub.call('fail', { id, message }).then(done),
    closeCycle: (record) => hub.call('closeCycle', record).then(done),
    halt: (message) => hub.call('halt', { message }).then(done),
    note: (message, reopensAt = null) => hub.call('note', { message, reopensAt }).then(done),
    stopAdjusted: (id, requested, held) => hub.call('stopAdjusted', { id, requested, held }).then(done),
  };
}
