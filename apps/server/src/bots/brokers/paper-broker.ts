// The paper broker of demo accounts (DESIGN.md section 7): fills as engine.md says, buys at the
// bid the decision was taken on plus the spread, exits at the bid. Its positions live in a book
// outside the bot (the database, through the hub), so a bot that is killed finds them again, and
// the book keeps one position per client reference, so a retried order never opens a second one.
import type { InstrumentSpec } from '@platform/engine';
import { randomUUID } from 'node:crypto';
import type { Broker, BrokerExit, BrokerPosition, OpenOrder } from './broker';

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

  openPosition(order: OpenOrder): Promise<BrokerPosition> {
    // In milli-points, where prices are whole numbers, so the fill is exactly the engine's.
    const level = (Math.round(order.bid * this.perUnit) + this.spread) / this.perUnit;
    const position = {
      dealId: randomUUID(),
      clientRef: order.clientRef,
      lots: order.lots,
      level,
      openedAt: new Date(this.now()),
    };
    return this.book.open(position);
  }

  closePosition(dealId: string, bid: number): Promise<BrokerExit> {
    const closedAt = new Date(this.now());
    return this.book.close(dealId, bid, closedAt);
  }

  positions(): Promise<BrokerPosition[]> {
    return this.book.openPositions();
  }

  findOpened(order: OpenOrder): Promise<BrokerPosition | null> {
    return this.book.find(order.clientRef);
  }

  disconnect(): Promise<void> {
    return Promise.resolve();
  }
}
