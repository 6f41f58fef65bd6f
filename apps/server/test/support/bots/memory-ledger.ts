// A bot's ledger and the paper broker's book in memory, for tests that drive a GridBot without
// a database: what a bot process writes through the hub, kept in arrays a test reads.
import type { BrokerExit, BrokerPosition } from '../../../src/bots/brokers/broker';
import type { PaperBook } from '../../../src/bots/brokers/paper/paper-broker';
import type { BotLedger } from '../../../src/bots/process/bot-ledger';
import type { ClosedCycleRecord, OrderRecord } from '../../../src/bots/protocol/hub-protocol';

export class MemoryLedger implements BotLedger {
  readonly orders = new Map<string, OrderRecord & { message?: string }>();
  readonly cycles: ClosedCycleRecord[] = [];
  /** Every reason the bot gave for waiting, and null each time it traded again, in order. */
  readonly notes: (string | null)[] = [];
  readonly stopsAdjusted: { id: string; requested: number; held: number }[] = [];
  haltedWith: string | null = null;

  intent(order: OrderRecord): Promise<void> {
    this.orders.set(order.id, { ...order });
    return Promise.resolve();
  }

  sent(id: string, dealReference: string): Promise<void> {
    Object.assign(this.orders.get(id)!, { dealReference });
    return Promise.resolve();
  }

  working(id: string, workingOrderId: string): Promise<void> {
    Object.assign(this.orders.get(id)!, { status: 'working', workingOrderId });
    return Promise.resolve();
  }

  confirm(id: string, dealId: string, fillPrice: number, stopLevel?: number | null): Promise<void> {
    const order = this.orders.get(id)!;
    Object.assign(order, {
      status: 'filled',
      dealId,
      fillPrice,
      stopLevel: stopLevel ?? order.stopLevel ?? null,
    });
    return Promise.resolve();
  }

  cancel(id: string): Promise<void> {
    Object.assign(this.orders.get(id)!, { status: 'cancelled' });
    return Promise.resolve();
  }

  fail(id: string, message: string): Promise<void> {
    Object.assign(this.orders.get(id)!, { status: 'failed', message });
    return Promise.resolve();
  }

  /** When the closed market the bot last waited for reopens, as the bot said (ms), or null. */
  reopensAt: number | null = null;

  note(message: string | null, reopensAt: number | null = null): Promise<void> {
    this.notes.push(message);
    this.reopensAt = reopensAt;
    return Promise.resolve();
  }

  stopAdjusted(id: string, requested: number, held: number): Promise<void> {
    Object.assign(this.orders.get(id)!, { stopLevel: held });
    this.stopsAdjusted.push({ id, requested, held });
    return Promise.resolve();
  }

  /** What the investment shows now: the last reason the bot gave for waiting, null while it trades. */
  get waitingWith(): string | null {
    return this.notes.at(-1) ?? null;
  }

  closeCycle(record: ClosedCycleRecord): Promise<void> {
    Object.assign(this.orders.get(record.closeId)!, { status: 'filled' });
    this.cycles.push(record);
    return Promise.resolve();
  }

  halt(message: string): Promise<void> {
    this.haltedWith = message;
    return Promise.resolve();
  }

  /** What a restarted bot is handed: the orders of cycles without a filled close, oldest first. */
  openOrders(): OrderRecord[] {
    const all = [...this.orders.values()];
    const closed = new Set(
      all
        .filter((order) => order.kind === 'close' && order.status === 'filled')
        .map((order) => order.cycleId),
    );
    return all.filter((order) => !closed.has(order.cycleId)).map((order) => ({ ...order }));
  }

  get realisedEur(): number {
    return this.cycles.reduce((sum, cycle) => sum + cycle.profitLoss, 0);
  }
}

export class MemoryPaperBook implements PaperBook {
  readonly positions = new Map<string, BrokerPosition & { closedAt?: Date }>();
  opened = 0;

  open(position: BrokerPosition & { clientRef: string }): Promise<BrokerPosition> {
    const known = [...this.positions.values()].find((held) => held.clientRef === position.clientRef);
    if (known) return Promise.resolve(known);
    const held = { ...position };
    this.positions.set(held.dealId, held);
    this.opened++;
    return Promise.resolve(held);
  }

  close(dealId: string, level: number, at: Date): Promise<BrokerExit> {
    const held = this.positions.get(dealId);
    if (!held || held.closedAt) return Promise.reject(new Error(`no open position ${dealId}`));
    held.closedAt = at;
    return Promise.resolve({ dealId, level, closedAt: at });
  }

  openPositions(): Promise<BrokerPosition[]> {
    return Promise.resolve([...this.positions.values()].filter((held) => !held.closedAt));
  }

  find(clientRef: string): Promise<BrokerPosition | null> {
    return Promise.resolve([...this.positions.values()].find((held) => held.clientRef === clientRef) ?? null);
  }
}
