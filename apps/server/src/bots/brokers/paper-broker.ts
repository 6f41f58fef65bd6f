// The paper broker of demo accounts (DESIGN.md section 7): fills as engine.md says, buys at the
// bid the decision was taken on plus the spread, exits at the bid. Its positions live in a book
// outside the bot (the database, through the hub), so a bot that is killed finds them again, and
// the book keeps one position per client reference, so a retried order never opens a second one.
import type { InstrumentSpec } from '@platform/engine';
import type { Broker, BrokerExit, BrokerPosition, OpenOrder } from './broker';

/** The paper broker's positions of one bot. */
export interface PaperBook {
  /** Opens the position of this client reference, or answers the one it already opened. */
  open(position: { clientRef: string; lots: number; level: number; at: Date }): Promise<BrokerPosition>;
  close(dealId: string, level: number, at: Date): Promise<BrokerExit>;
  openPositions(): Promise<BrokerPosition[]>;
  find(clientRef: string): Promise<BrokerPosition | null>;
}

export class PaperBroker implements Broker {
  private readonly perUnit: number;
  private readonly spread: number;
  private readonly now: () => number;

  /** True when the book is reached through the ledger's own ordered channel (the hub). */
  readonly sequencedWithLedger: boolean;

  constructor(
    private readonly book: PaperBook,
    instrument: InstrumentSpec,
    options: { sequencedWithLedger?: boolean; now?: () => number } = {},
  ) {
    this.sequencedWithLedger = options.sequencedWithLedger ?? false;
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
    return this.book.open({ clientRef: order.clientRef, lots: order.lots, level, at: new Date(this.now()) });
  }

  closePosition(dealId: string, bid: number): Promise<BrokerExit> {
    return this.book.close(dealId, bid, new Date(this.now()));
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
