// The paper broker of demo accounts (DESIGN.md section 7): fills as engine.md says, buys at the
// bid the decision was taken on plus the spread, exits at the bid. Its positions live in a book
// outside the bot (the database, through the hub), so a bot that is killed finds them again, and
// the book keeps one position per client reference, so a retried order never opens a second one.
// Behind the hub's ordered channel the broker knows its answer before the book has written it
// (the fill is the engine's, the deal id its own), so the bot does not wait for the book.
import type { InstrumentSpec } from '@platform/engine';
import { randomUUID } from 'node:crypto';
import type { Broker, BrokerExit, BrokerPosition, OpenOrder } from './broker';

/** The paper broker's positions of one bot. */
export interface PaperBook {
  /** Opens the position (its deal id chosen by the broker), or answers the one its client reference already opened. */
  open(position: BrokerPosition & { clientRef: string }): Promise<BrokerPosition>;
  close(dealId: string, level: number, at: Date): Promise<BrokerExit>;
  openPositions(): Promise<BrokerPosition[]>;
  find(clientRef: string): Promise<BrokerPosition | null>;
}

export class PaperBroker implements Broker {
  private readonly perUnit: number;
  private readonly spread: number;
  private readonly now: () => number;

  /**
   * True when the book is reached through the ledger's own ordered channel (the hub), which stops
   * at the first failed call and then closes, ending the bot process: the broker answers at once.
   */
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
    const position = {
      dealId: randomUUID(),
      clientRef: order.clientRef,
      lots: order.lots,
      level,
      openedAt: new Date(this.now()),
    };
    return this.answered(this.book.open(position), position);
  }

  closePosition(dealId: string, bid: number): Promise<BrokerExit> {
    const closedAt = new Date(this.now());
    return this.answered(this.book.close(dealId, bid, closedAt), { dealId, level: bid, closedAt });
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

  /** The book's answer, or behind the ordered channel the one it will give (a failure ends the channel). */
  private answered<T>(booked: Promise<T>, expected: T): Promise<T> {
    if (!this.sequencedWithLedger) return booked;
    booked.catch(() => undefined);
    return Promise.resolve(expected);
  }
}
