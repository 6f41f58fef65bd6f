// What a quote does to the orders and positions resting at the fake broker: the bid moves from the
// previous quote to the new one along a straight line (or jumps there, on a gap), and every
// working order, stop and take profit fires where that path meets it, in the order it meets them.
// This mirrors engine.md section 3 and fine points 2, 6, 15 and 18, so that a bot trading on the
// fake sees what its backtest would: reaching includes touching, a continuous move deals at the
// trigger's own level, a gap deals at the new quote, and a working order fills before a stop at
// the same price, which then closes the position just opened too.
import { type FakePosition, type FakeWorkingOrder, roundPrice } from './capital-fake-shapes';

/** A price something resting waits for, expressed on the bid path. */
interface Trigger {
  /** The bid at which it fires; an offer-side level is converted at the quote's spread. */
  bid: number;
  /** 'falls': fires once the bid is at or under `bid`; 'rises': at or over it. */
  when: 'falls' | 'rises';
  /** What it deals at when the path crosses it: its own level, exactly. */
  level: number;
  /** The side of the quote it deals on when it is already through, or on a gap. */
  side: 'bid' | 'offer';
  /** Working orders (0) fire before positions' stops and profits (1) at one price. */
  rank: 0 | 1;
  fire(price: number): void;
}

export interface PathMove {
  /** The previous bid of the epic. */
  from: number;
  /** The new quote. */
  bid: number;
  ofr: number;
  /** A jump: everything it passes deals at the new quote. */
  gap: boolean;
}

/** What firing a trigger does at the account that holds it. */
export interface BookActions {
  fill(order: FakeWorkingOrder, price: number): void;
  close(position: FakePosition, price: number, source: 'SL' | 'TP'): void;
}

/**
 * Walks the move: fires the trigger the path meets first, moves the cursor there, and looks again,
 * since a fill can bring a new position whose stop the rest of the path reaches.
 */
export function walkPath(
  move: PathMove,
  resting: () => { positions: readonly FakePosition[]; orders: readonly FakeWorkingOrder[] },
  actions: BookActions,
): void {
  const spread = move.ofr - move.bid;
  let cursor = move.from;
  // Each step removes the order or position it fires, so the walk ends; the bound only guards
  // against a bug turning into a hung test.
  for (let step = 0; step < 100_000; step += 1) {
    const { positions, orders } = resting();
    const next = firstMet(triggersOf(positions, orders, spread, actions), cursor, move.bid);
    if (!next) return;
    const { trigger, at } = next;
    cursor = at;
    trigger.fire(dealPrice(trigger, at, move, spread));
  }
  throw new Error('fake: the price path never settles');
}

function triggersOf(
  positions: readonly FakePosition[],
  orders: readonly FakeWorkingOrder[],
  spread: number,
  actions: BookActions,
): Trigger[] {
  const onOffer = (level: number) => roundPrice(level - spread);
  const triggers: Trigger[] = [];
  for (const order of orders) {
    // A buy deals on the offer, a sell on the bid; a LIMIT waits for a better price, a STOP for a worse one.
    const buys = order.direction === 'BUY';
    const falls = buys === (order.type === 'LIMIT');
    triggers.push({
      bid: buys ? onOffer(order.level) : order.level,
      when: falls ? 'falls' : 'rises',
      level: order.level,
      side: buys ? 'offer' : 'bid',
      rank: 0,
      fire: (price) => actions.fill(order, price),
    });
  }
  for (const position of positions) {
    // A long closes by selling at the bid: its stop under, its profit over. A short buys back at the offer.
    const long = position.direction === 'BUY';
    const exit = (level: number, source: 'SL' | 'TP'): Trigger => ({
      bid: long ? level : onOffer(level),
      when: long === (source === 'SL') ? 'falls' : 'rises',
      level,
      side: long ? 'bid' : 'offer',
      rank: 1,
      fire: (price) => actions.close(position, price, source),
    });
    if (position.stopLevel !== undefined) triggers.push(exit(position.stopLevel, 'SL'));
    if (position.profitLevel !== undefined) triggers.push(exit(position.profitLevel, 'TP'));
  }
  return triggers;
}

/**
 * The trigger the path from `cursor` to `to` meets first and the bid where it meets it: one that
 * is already through meets it at the cursor. Ties go to working orders, then to the older entry.
 */
function firstMet(triggers: Trigger[], cursor: number, to: number): { trigger: Trigger; at: number } | null {
  let best: { trigger: Trigger; at: number; distance: number } | null = null;
  for (const trigger of triggers) {
    const at = meetingPoint(trigger, cursor, to);
    if (at === null) continue;
    const distance = Math.abs(at - cursor);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && trigger.rank < best.trigger.rank)
    ) {
      best = { trigger, at, distance };
    }
  }
  return best;
}

function meetingPoint(trigger: Trigger, cursor: number, to: number): number | null {
  const reached = (bid: number) => (trigger.when === 'falls' ? bid <= trigger.bid : bid >= trigger.bid);
  if (reached(cursor)) return cursor;
  return reached(to) ? trigger.bid : null;
}

/**
 * On a gap: the new quote. On a continuous move: the trigger's own level when the path crosses it,
 * or the quote at the cursor when the trigger was through already (a price set without a path).
 */
function dealPrice(trigger: Trigger, at: number, move: PathMove, spread: number): number {
  if (move.gap) return trigger.side === 'bid' ? move.bid : move.ofr;
  if (at === trigger.bid) return trigger.level;
  return trigger.side === 'bid' ? at : roundPrice(at + spread);
}
