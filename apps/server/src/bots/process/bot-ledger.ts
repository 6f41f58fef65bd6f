// Where a bot writes what it does (the hub in a bot process, memory in tests), and how it logs.
import type { OrderJournal } from '../brokers/broker';
import type { ClosedCycleRecord, OrderRecord } from '../protocol/hub-protocol';

/** Where a bot writes what it does: the hub in a bot process, memory in tests. */
export interface BotLedger extends OrderJournal {
  /**
   * Written before its order goes out. A ledger on the broker's own ordered channel (the paper
   * book, through the hub) resolves at once: the channel writes it before the order.
   */
  intent(order: OrderRecord): Promise<void>;
  working(id: string, workingOrderId: string): Promise<void>;
  confirm(id: string, dealId: string, fillPrice: number, stopLevel?: number | null): Promise<void>;
  cancel(id: string): Promise<void>;
  fail(id: string, message: string): Promise<void>;
  closeCycle(record: ClosedCycleRecord): Promise<void>;
  halt(message: string): Promise<void>;
  /**
   * Why the running bot waits, shown on the investment; null once it trades again. For a closed
   * market, when its calendar says it opens again (ms).
   */
  note(message: string | null, reopensAt?: number | null): Promise<void>;
  stopAdjusted(id: string, requested: number, held: number): Promise<void>;
}
