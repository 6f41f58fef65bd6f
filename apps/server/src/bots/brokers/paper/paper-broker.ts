// The paper broker of demo accounts (DESIGN.md section 7): fills as engine.md says, buys at the
// bid the decision was taken on plus the spread, exits at the bid. Its positions live in a book
// outside the bot (the database, through the hub), so a bot that is killed finds them again, and
// the book keeps one position per client reference, so a retried order never opens a second one.
import type { InstrumentSpec } from '@platform/engine';
import { randomUUID } from 'node:crypto';
import type { Broker, BrokerExit, BrokerPosition, OpenOrder, OrderOutcome } from '../broker';

/** The paper broker's positions of one bot. */
export interface PaperBook {
  /**
   * Opens the position (its deal id chosen by the broker); a client reference already opened keeps
   * its one position, which a book that answers (not the hub's, hub-client.ts) gives back.
   */
  open(position: BrokerPosition & { clientRef: string }): Promise<BrokerPosition>;
  close(dealId: string, level: number, at: Date): Promise<BrokerExit>;
  openPositions(): Promise<BrokerPosition[]>;
  find(clientRef: string): Promise<BrokerPosition | null>;
}

export class PaperBroker implements Broker {
  private readonly perUnit: number;
  private readonly spread: number;
  private readonly now: () => number;

  constructor(
    private readonly book: PaperBook,
    instrument: InstrumentSpec,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.perUnit = Math.round(1000 / instrument.point);
    this.spread = Math.round(instrument.spreadPoints * 1000);
  }

  connect(): Promise<void> {
    return Promise.resolve();
  }

  /** Fills at once, whatever the order's limit: the paper bot's next level stands with the hub's book instead (hub-protocol.ts). */
  async send(order: OpenOrder): Promise<OrderOutcome> {
    // In milli-points, where prices are whole numbers, so the fill is exactly the engine's.
    const level = (Math.round(order.bid * this.perUnit) + this.spread) / this.perUnit;
    const position = {
      dealId: randomUUID(),
      clientRef: order.clientRef,
      lots: order.lots,
      level,
      openedAt: new Date(this.now()),
    };
    return { kind: 'filled', position: await this.book.open(position) };
  }

  closePosition(dealId: string, bid: number): Promise<BrokerExit> {
    const closedAt = new Date(this.now());
    return this.book.close(dealId, bid, closedAt);
  }

  positions(): Promise<BrokerPosition[]> {
    return this.book.openPositions();
  }

  /** The book is the broker: an order it does not hold was never booked. */
  async lookUp(order: OpenOrder): Promise<OrderOutcome> {
    const position = await this.book.find(order.clientRef);
    return position
      ? { kind: 'filled', position }
      : { kind: 'absent', reason: 'non registrato nel conto simulato' };
  }

  disconnect(): Promise<void> {
    return Promise.resolve();
  }
}
