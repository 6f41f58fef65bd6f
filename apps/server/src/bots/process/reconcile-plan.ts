// What a starting bot must do to bring its records in line with the broker, decided from the two
// alone: the orders it wrote (every outcome settled by then) and what the broker holds and tells of
// closes. Pure, so every case of a restart is a table in a test; reconcile.ts gathers the inputs
// and carries the actions out.
import type { OutsideExit } from '../brokers/broker';
import type { ClosedCycleRecord, OrderRecord } from '../protocol/hub-protocol';
import type { HeldPosition, LiveCycle } from './live-cycle';

/** The broker's side, read once the records' outcomes are settled. */
export interface BrokerState {
  /** The deal ids the broker holds. */
  held: ReadonlySet<string>;
  /** How the positions no longer held were closed; null for a broker that tells nothing of closes (the paper book). */
  outside: ReadonlyMap<string, OutsideExit> | null;
}

/** How one position of a cycle that closes is closed: still held, it is closed now; else where the broker closed it. */
export type PlannedExit =
  { closeNow: true } | { closeNow: false; level: number; cause?: OutsideExit['cause'] };

export type ReconcileAction =
  /** A close was under way for a cycle none of whose entries filled: there is nothing to close. */
  | { kind: 'drop-close'; closeId: string }
  /** The cycle is open at the broker as written: the bot trades it on. */
  | { kind: 'restore'; cycle: LiveCycle }
  /** A close a stop interrupted: finished at its own bid, the cycle written once. */
  | { kind: 'finish-close'; cycle: LiveCycle; closing: OrderRecord; exits: PlannedExit[] }
  /**
   * The broker closed (some of) the cycle while the bot was away: the rest is closed at the last
   * outside level, the cycle written once. closedAt null: now (positions were still held).
   */
  | {
      kind: 'closed-away';
      cycle: LiveCycle;
      reason: ClosedCycleRecord['reason'];
      bid: number;
      closedAt: number | null;
      exits: PlannedExit[];
    }
  /** Positions are gone and the broker does not say how: a person must look. */
  | { kind: 'closed-unknown'; cycle: LiveCycle };

/**
 * The actions, cycle by cycle in the order the records came. expectedFill gives the fill an
 * entry's decision expected (the stepper's rule), which a restored position keeps.
 */
export function planReconcile(
  orders: readonly OrderRecord[],
  broker: BrokerState,
  expectedFill: (order: OrderRecord) => number,
): ReconcileAction[] {
  const actions: ReconcileAction[] = [];
  for (const cycleOrders of byCycle(orders)) {
    const cycle = cycleOf(cycleOrders, expectedFill);
    const closing = cycleOrders.find((order) => order.kind === 'close' && order.status === 'intent');
    if (!cycle) {
      if (closing) actions.push({ kind: 'drop-close', closeId: closing.id });
      continue;
    }
    if (closing) actions.push(finishClose(cycle, closing, broker));
    else actions.push(closedAway(cycle, broker) ?? { kind: 'restore', cycle });
  }
  return actions;
}

/** The deal ids of the filled entries the broker no longer holds. */
export function goneDealIds(orders: readonly OrderRecord[], held: ReadonlySet<string>): string[] {
  return orders
    .filter(
      (order) => order.kind === 'open' && order.status === 'filled' && !held.has(order.dealId as string),
    )
    .map((order) => order.dealId as string);
}

function byCycle(orders: readonly OrderRecord[]): OrderRecord[][] {
  const cycles = new Map<string, OrderRecord[]>();
  for (const order of orders) cycles.set(order.cycleId, [...(cycles.get(order.cycleId) ?? []), order]);
  return [...cycles.values()];
}

/** The cycle its filled entries make, or null when none filled. */
function cycleOf(
  orders: readonly OrderRecord[],
  expectedFill: (order: OrderRecord) => number,
): LiveCycle | null {
  const filled = orders.filter((order) => order.kind === 'open' && order.status === 'filled');
  const first = orders.find((order) => order.kind === 'open') ?? filled[0];
  if (!first || filled.length === 0) return null;
  return {
    id: first.cycleId,
    referencePrice: first.referencePrice,
    scale: first.scale,
    openedAt: first.createdAt,
    positions: filled.map<HeldPosition>((order) => ({
      dealId: order.dealId as string,
      level: order.level ?? 0,
      lots: order.lots,
      fill: order.fillPrice as number,
      expectedFill: expectedFill(order),
    })),
  };
}

/**
 * Those positions no longer held were closed before the stop, by this close or by the broker (its
 * stop or take profit), at the level the broker tells, else at the decided bid (where the paper
 * book closes).
 */
function finishClose(cycle: LiveCycle, closing: OrderRecord, broker: BrokerState): ReconcileAction {
  const exits = cycle.positions.map<PlannedExit>((position) => {
    if (broker.held.has(position.dealId)) return { closeNow: true };
    const outside = broker.outside?.get(position.dealId);
    return outside
      ? { closeNow: false, level: outside.level, cause: outside.cause }
      : { closeNow: false, level: closing.bid };
  });
  return { kind: 'finish-close', cycle, closing, exits };
}

/**
 * A cycle the broker no longer holds whole: closed while the bot was away, by the stop or take
 * profit every position holds at the broker, or by a person. It is a stop (a take profit) when the
 * broker's stop (take profit) closed every position, a plain close otherwise. Null when the broker
 * still holds every position, or tells nothing of closes (the paper book, where nobody else closes).
 */
function closedAway(cycle: LiveCycle, broker: BrokerState): ReconcileAction | null {
  const { outside } = broker;
  if (!outside) return null;
  const gone = cycle.positions.filter((position) => !broker.held.has(position.dealId));
  if (gone.length === 0) return null;
  const exits = gone.map((position) => outside.get(position.dealId));
  if (exits.some((exit) => exit === undefined)) return { kind: 'closed-unknown', cycle };
  const known = exits as OutsideExit[];
  const allGone = gone.length === cycle.positions.length;
  const cause = allGone && known.every((exit) => exit.cause === known[0]?.cause) ? known[0]?.cause : 'other';
  const reason = cause === 'stop' ? 'stop' : cause === 'take-profit' ? 'take-profit' : 'close';
  const last = known.reduce((latest, exit) => (exit.closedAt > latest.closedAt ? exit : latest));
  return {
    kind: 'closed-away',
    cycle,
    reason,
    bid: last.level,
    closedAt: allGone ? last.closedAt.getTime() : null,
    exits: cycle.positions.map<PlannedExit>((position) => {
      const exit = outside.get(position.dealId);
      return exit ? { closeNow: false, level: exit.level, cause: exit.cause } : { closeNow: true };
    }),
  };
}
