// The order a grid's next deciding price sends, left with the broker ahead of that price as a
// working order (DESIGN.md section 7): the broker fills it the moment the price comes, without
// waking the bot that decided it, which with hundreds of bots on two cores is what made orders
// late. The stepper (grid-stepper.ts) states them; matchStanding fills them. They cover a price
// that decides one order alone: the cycle's first entry at a bar's open, the next level, the stop
// or the take profit. A price that would decide more at once (two levels, a level then the stop)
// or something else (a cycle past the exact range) matches none: the bot decides it. A property
// test holds every match to the stepper's own decision on the same price.
import type { ExitReason, GridDecision, PriceEventKind } from './decisions';
import { fillAt, reachesTakeProfit, takeProfitBid } from './grid-rules';
import { leavesExactRange } from './params';

/** Milli-points and hundredths of a lot, as the stepper's. */
export interface StandingOrders {
  /** The instrument's spread (an entry fills at its bid plus it) and the grid's target. */
  spread: number;
  target: number;
  /**
   * No cycle: the first entry at the next bar's open, if a cycle opened there stays in the exact
   * range; `scale` is that cycle's f (fine point 11).
   */
  entry: { lots: number; scale: number; totalLots: number } | null;
  /** The open cycle's lots and Σ lots · fill: an exit closes them, the take profit is reached on them. */
  held: { quantity: number; cost: number } | null;
  /** The next level alone: a fall to a price in (floor, trigger] (null: no floor). */
  level: { level: number; lots: number; trigger: number; floor: number | null } | null;
  /** The stop alone: a fall to it or under, with no level left at or above it. */
  stop: number | null;
}

/** What a standing order filled at: the decision the stepper makes on that price. */
export type StandingFill =
  | { kind: 'enter'; level: number; lots: number; bid: number; fill: number }
  | { kind: 'exit'; reason: ExitReason; bid: number; quantity: number };

/** The standing order a price fills, or null when the bot decides it (or nothing happens). */
export function matchStanding(
  orders: StandingOrders,
  kind: PriceEventKind,
  price: number,
): StandingFill | null {
  const { spread, target, entry, held, level, stop } = orders;
  const enter = (at: number, bid: number, lots: number): StandingFill => ({
    kind: 'enter',
    level: at,
    lots,
    bid,
    fill: fillAt(bid, spread),
  });
  if (entry) {
    const enters = kind === 'open' && !leavesExactRange(entry.totalLots, price, spread, target);
    return enters ? enter(0, price, entry.lots) : null;
  }
  if (!held) return null;
  // The price before this one lay between the stop or level and the take profit: a move down to
  // a level or the stop meets it on its way, a jump fills at the price itself (fine point 6).
  const moving = kind === 'move';
  const { quantity, cost } = held;
  if (level && price <= level.trigger && (level.floor === null || price > level.floor)) {
    return enter(level.level, moving ? level.trigger : price, level.lots);
  }
  if (stop !== null && price <= stop) {
    return { kind: 'exit', reason: 'stop', bid: moving ? stop : price, quantity };
  }
  // The take profit in exact integers; inside a move it is met exactly (fine point 7), as the stepper's.
  if (reachesTakeProfit(price, quantity, cost, target)) {
    return {
      kind: 'exit',
      reason: 'take-profit',
      bid: moving ? takeProfitBid(quantity, cost, target) : price,
      quantity,
    };
  }
  return null;
}

/** Whether a fill is the stepper's decision: the same order, of the same lots, at the same price. */
export function isDecisionOf(fill: StandingFill, decision: GridDecision): boolean {
  if (fill.kind === 'enter') {
    return (
      decision.kind === 'enter' &&
      decision.level === fill.level &&
      decision.lots === fill.lots &&
      decision.bid === fill.bid &&
      decision.fill === fill.fill
    );
  }
  return (
    decision.kind === 'exit' &&
    decision.reason === fill.reason &&
    decision.quantity === fill.quantity &&
    decision.bid === fill.bid
  );
}
