// A paper bot's standing order filled on the price that decides it (hub-protocol.ts,
// WireStandingOrders): the records the bot would have written for that order, under its ids, in its
// order (the intent, then the position and its confirmation, or the exits). The hub writes them
// to the database; tests to memory, through the same function.
import { matchStanding } from '@platform/engine';
import type { BrokerPosition } from '../broker';
import type { OrderRecord, PriceEvent, StandingFill, WireStandingOrders } from '../../protocol/hub-protocol';

/** Where a fill is written: the bot's ledger and the paper book. */
export interface StandingWrites {
  intent(order: OrderRecord): Promise<void>;
  open(position: BrokerPosition & { clientRef: string }): Promise<unknown>;
  confirm(id: string, dealId: string, fillPrice: number): Promise<void>;
  close(dealId: string, level: number, at: Date): Promise<unknown>;
}

/** The order this price fills, and its writes; null when the price is the bot's to decide. */
export function fillStanding(
  standing: WireStandingOrders,
  event: PriceEvent,
  at: number,
): { filled: StandingFill; write: (to: StandingWrites) => Promise<void> } | null {
  const fill = matchStanding(standing.orders, event.kind, Math.round(event.price * standing.perUnit));
  if (!fill) return null;
  const bid = fill.bid / standing.perUnit;
  const { cycle } = standing;
  const order: OrderRecord = {
    id: standing.orderId,
    cycleId: cycle.id,
    kind: fill.kind === 'enter' ? 'open' : 'close',
    level: fill.kind === 'enter' ? fill.level : null,
    reason: fill.kind === 'exit' ? fill.reason : null,
    lots: (fill.kind === 'enter' ? fill.lots : fill.quantity) / 100,
    bid,
    referencePrice: cycle.referencePrice ?? bid,
    scale: cycle.scale,
    status: 'intent',
    dealId: null,
    fillPrice: null,
    createdAt: at,
  };
  const write = async (to: StandingWrites) => {
    await to.intent(order);
    if (fill.kind === 'exit') {
      // The paper book exits at the bid.
      for (const dealId of cycle.dealIds) await to.close(dealId, bid, new Date(at));
      return;
    }
    // The paper broker's fill: the engine's, the bid plus the spread, in milli-points where it is exact.
    const level = fill.fill / standing.perUnit;
    const { dealId } = standing;
    await to.open({ dealId, clientRef: order.id, lots: order.lots, level, openedAt: new Date(at) });
    await to.confirm(order.id, dealId, level);
  };
  return { filled: { orderId: order.id, at }, write };
}
