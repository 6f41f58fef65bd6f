// A bot's start: the orders written before it stopped (a crash, a kill -9, a restart) brought in
// line with the broker before anything is traded (research/live-orders.md: reconcile first).
// - an order sent but never confirmed is settled from the broker (its reference's confirmation,
//   then positions, working orders and the activity history), never sent again;
// - a working order that filled meanwhile is a level the cycle holds; one still resting is taken
//   back (the bot places the grid's next level afresh once it knows its state);
// - a close that was under way is finished; a cycle the broker closed meanwhile (its stop or take
//   profit, held with every position, or a person by hand) is written as closed, at its levels;
// - the open cycle is handed back to the stepper.
import { BrokerError, type OutsideExit } from './brokers/broker';
import { BOT_MESSAGES } from './bot-messages';
import type { GridBot, HeldPosition, LiveCycle } from './grid-bot';
import type { OrderRecord } from './hub/hub-protocol';

export async function reconcile(bot: GridBot): Promise<void> {
  const { broker } = bot;
  const orders = bot.setup.openOrders.map((order) => ({ ...order }));
  // What the records say is held first, so no look-up below takes one of these for another order.
  broker.adopt?.({
    positions: orders
      .filter((order) => order.kind === 'open' && order.status === 'filled')
      .map((order) => ({
        dealId: order.dealId as string,
        clientRef: order.id,
        lots: order.lots,
        level: order.fillPrice as number,
        openedAt: new Date(order.createdAt),
      })),
    workingOrderIds: orders.flatMap((order) => (order.workingOrderId ? [order.workingOrderId] : [])),
  });
  const cycles = new Map<string, OrderRecord[]>();
  for (const order of orders) cycles.set(order.cycleId, [...(cycles.get(order.cycleId) ?? []), order]);
  for (const cycleOrders of cycles.values()) {
    for (const order of cycleOrders) {
      if (order.kind !== 'open') continue;
      if (order.status === 'intent') await settleSent(bot, order);
      if (order.status === 'working') await settleResting(bot, order);
    }
    const cycle = cycleOf(bot, cycleOrders);
    const closing = cycleOrders.find((order) => order.kind === 'close' && order.status === 'intent');
    if (!cycle) {
      if (closing) await bot.ledger.fail(closing.id, BOT_MESSAGES.noTraceAtBroker);
      continue;
    }
    if (closing) {
      if (await finishClose(bot, cycle, closing)) continue;
    } else if (await closedWhileAway(bot, cycle)) continue;
    bot.cycle = cycle;
    bot.options.logger.info({ cycleId: cycle.id, positions: cycle.positions.length }, 'open cycle recovered');
  }
  bot.resync();
}

/** An order whose outcome was not written: settled from the broker (order-settling.ts), the record updated. */
async function settleSent(bot: GridBot, order: OrderRecord): Promise<void> {
  const outcome = await bot.settle(bot.openOrderOf(order));
  switch (outcome.kind) {
    case 'filled':
      await bot.ledger.confirm(
        order.id,
        outcome.position.dealId,
        outcome.position.level,
        outcome.position.stopLevel,
      );
      Object.assign(order, {
        status: 'filled',
        dealId: outcome.position.dealId,
        fillPrice: outcome.position.level,
      });
      return;
    case 'resting':
      await bot.ledger.working(order.id, outcome.workingOrderId);
      Object.assign(order, { status: 'working', workingOrderId: outcome.workingOrderId });
      return;
    case 'absent':
      await bot.ledger.fail(order.id, outcome.reason);
      order.status = 'failed';
      return;
  }
}

/** A working order of before the stop: its fill if it filled, else it is taken back. */
async function settleResting(bot: GridBot, order: OrderRecord): Promise<void> {
  const workingOrderId = order.workingOrderId as string;
  const request = bot.openOrderOf(order);
  const filled =
    (await bot.broker.restingFill?.(workingOrderId, request)) ??
    (await bot.broker.cancelResting?.(workingOrderId, request)) ??
    null;
  if (filled) {
    await bot.ledger.confirm(order.id, filled.dealId, filled.level, filled.stopLevel);
    Object.assign(order, { status: 'filled', dealId: filled.dealId, fillPrice: filled.level });
  } else {
    await bot.ledger.cancel(order.id);
    order.status = 'cancelled';
  }
}

/** The cycle its filled entries make, or null when none filled. */
function cycleOf(bot: GridBot, orders: readonly OrderRecord[]): LiveCycle | null {
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
      expectedFill: bot.expectedFillOf(order),
    })),
  };
}

/**
 * A close that a stop interrupted: the positions still held are closed, the cycle written once.
 * Those no longer held were closed before the stop, by this close or by the broker (its stop or
 * take profit), at the level the broker tells, else at the decided bid (where the paper book
 * closes). A market closed meanwhile leaves the cycle open until it reopens; answers whether the
 * cycle was written.
 */
async function finishClose(bot: GridBot, cycle: LiveCycle, closing: OrderRecord): Promise<boolean> {
  const { held, gone } = await heldAndGone(bot, cycle);
  const closedBefore =
    (await bot.broker.closedOutside?.(gone.map((position) => position.dealId))) ??
    new Map<string, OutsideExit>();
  try {
    const exits = [];
    for (const position of cycle.positions) {
      exits.push(
        held.has(position.dealId)
          ? await bot.closeAll([position], closing.bid).then(([exit]) => exit!)
          : (closedBefore.get(position.dealId) ?? { level: closing.bid }),
      );
    }
    const profitLoss = await bot.closed(
      cycle,
      closing.reason ?? 'close',
      null,
      bot.timers.now(),
      closing.id,
      exits,
    );
    bot.options.logger.info({ cycleId: cycle.id, profitLoss }, 'interrupted close finished');
    return true;
  } catch (error) {
    if (!(error instanceof BrokerError) || error.problem !== 'market-closed') throw error;
    await bot.ledger.fail(closing.id, BOT_MESSAGES.closeDeferred);
    return false;
  }
}

/**
 * A cycle the broker no longer holds whole: closed while the bot was away, by the stop or take
 * profit every position holds at the broker, or by a person. The positions still held are closed
 * too (a cycle is closed whole) and the cycle is written once, at the broker's levels: a stop (a
 * take profit) when the broker's stop (take profit) closed every position, a plain close otherwise.
 * Answers whether the cycle was written: not when the broker still holds every position (or holds
 * nothing by itself and no one else closes for it: the paper book).
 */
async function closedWhileAway(bot: GridBot, cycle: LiveCycle): Promise<boolean> {
  if (!bot.broker.closedOutside) return false;
  const { gone } = await heldAndGone(bot, cycle);
  if (gone.length === 0) return false;
  const outside = await bot.broker.closedOutside(gone.map((position) => position.dealId));
  if (gone.some((position) => !outside.has(position.dealId)))
    throw new BrokerError(BOT_MESSAGES.closedUnknown, 'rejected');
  const exits = [...outside.values()];
  const allGone = gone.length === cycle.positions.length;
  const cause = allGone && exits.every((exit) => exit.cause === exits[0]?.cause) ? exits[0]?.cause : 'other';
  const reason = cause === 'stop' ? 'stop' : cause === 'take-profit' ? 'take-profit' : 'close';
  const lastExit = exits.reduce((last, exit) => (exit.closedAt > last.closedAt ? exit : last));
  const order = bot.order(cycle, {
    kind: 'close',
    level: null,
    reason,
    lots: Math.round(cycle.positions.reduce((sum, position) => sum + position.lots, 0) * 100) / 100,
    bid: lastExit.level,
  });
  await bot.ledger.intent(order);
  const levels = [];
  for (const position of cycle.positions) {
    const closed = outside.get(position.dealId);
    levels.push(closed ?? (await bot.closeAll([position], lastExit.level))[0]!);
  }
  const closedAt = allGone ? lastExit.closedAt.getTime() : bot.timers.now();
  const profitLoss = await bot.closed(cycle, reason, null, closedAt, order.id, levels);
  bot.options.logger.info({ cycleId: cycle.id, reason, profitLoss }, 'cycle closed while away');
  return true;
}

/** The deal ids the broker holds, and the cycle's positions it no longer holds. */
async function heldAndGone(
  bot: GridBot,
  cycle: LiveCycle,
): Promise<{ held: Set<string>; gone: HeldPosition[] }> {
  const held = new Set((await bot.broker.positions()).map((position) => position.dealId));
  return { held, gone: cycle.positions.filter((position) => !held.has(position.dealId)) };
}
