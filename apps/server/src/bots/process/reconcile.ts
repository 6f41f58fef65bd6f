// A bot's start: the orders written before it stopped (a crash, a kill -9, a restart) brought in
// line with the broker before anything is traded (research/live-orders.md: reconcile first).
// - an order sent but never confirmed is settled from the broker (its reference's confirmation,
//   then positions, working orders and the activity history), never sent again;
// - a working order that filled meanwhile is a level the cycle holds; one still resting is taken
//   back (the bot places the grid's next level afresh once it knows its state);
// - a close that was under way is finished; a cycle the broker closed meanwhile (its stop or take
//   profit, held with every position, or a person by hand) is written as closed, at its levels;
// - the open cycle is handed back to the stepper.
// What to do is decided by reconcile-plan.ts from the settled records and the broker's state; this
// file reads them and carries the plan out.
import { BrokerError, type OutsideExit } from '../brokers/broker';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import type { OrderRecord } from '../protocol/hub-protocol';
import type { GridBot } from './grid-bot';
import type { LiveCycle } from './live-cycle';
import { openOrderOf } from './order-sender';
import { goneDealIds, planReconcile, type PlannedExit, type ReconcileAction } from './reconcile-plan';

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
  for (const order of orders) {
    if (order.kind !== 'open') continue;
    if (order.status === 'intent') await settleSent(bot, order);
    if (order.status === 'working') await settleResting(bot, order);
  }
  // The broker is asked only when a cycle is open in the records (each request counts against its budget).
  const anyFilled = orders.some((order) => order.kind === 'open' && order.status === 'filled');
  const held = new Set(anyFilled ? (await broker.positions()).map((position) => position.dealId) : []);
  const gone = goneDealIds(orders, held);
  const outside = broker.closedOutside
    ? gone.length > 0
      ? await broker.closedOutside(gone)
      : new Map<string, OutsideExit>()
    : null;
  for (const action of planReconcile(orders, { held, outside }, (order) => bot.expectedFillOf(order)))
    await carryOut(bot, action);
  bot.resync();
}

async function carryOut(bot: GridBot, action: ReconcileAction): Promise<void> {
  switch (action.kind) {
    case 'drop-close':
      return bot.ledger.fail(action.closeId, BOT_MESSAGES.noTraceAtBroker);
    case 'restore':
      return restore(bot, action.cycle);
    case 'closed-unknown':
      throw new BrokerError(BOT_MESSAGES.closedUnknown, 'rejected');
    case 'finish-close': {
      const { cycle, closing } = action;
      try {
        const exits = await closeRest(bot, action.exits, cycle, closing.bid);
        const profitLoss = await bot.closed(
          cycle,
          closing.reason ?? 'close',
          null,
          bot.timers.now(),
          closing.id,
          exits,
        );
        bot.options.logger.info({ cycleId: cycle.id, profitLoss }, 'interrupted close finished');
      } catch (error) {
        // A market closed meanwhile leaves the cycle open until it reopens.
        if (!(error instanceof BrokerError) || error.problem !== 'market-closed') throw error;
        await bot.ledger.fail(closing.id, BOT_MESSAGES.closeDeferred);
        restore(bot, cycle);
      }
      return;
    }
    case 'closed-away': {
      const { cycle, reason, bid } = action;
      const lots = cycle.positions.reduce((sum, position) => sum + position.lots, 0);
      const order = bot.order(cycle, {
        kind: 'close',
        level: null,
        reason,
        lots: Math.round(lots * 100) / 100,
        bid,
      });
      await bot.ledger.intent(order);
      const exits = await closeRest(bot, action.exits, cycle, bid);
      const closedAt = action.closedAt ?? bot.timers.now();
      const profitLoss = await bot.closed(cycle, reason, null, closedAt, order.id, exits);
      bot.options.logger.info({ cycleId: cycle.id, reason, profitLoss }, 'cycle closed while away');
      return;
    }
  }
}

function restore(bot: GridBot, cycle: LiveCycle): void {
  bot.cycle = cycle;
  bot.options.logger.info({ cycleId: cycle.id, positions: cycle.positions.length }, 'open cycle recovered');
}

/** The exits of a closing cycle's positions: those still held closed now at the bid, one after another. */
async function closeRest(
  bot: GridBot,
  planned: readonly PlannedExit[],
  cycle: LiveCycle,
  bid: number,
): Promise<{ level: number }[]> {
  const exits = [];
  for (const [index, exit] of planned.entries()) {
    const position = cycle.positions[index]!;
    exits.push(exit.closeNow ? (await bot.sender.closeAll([position], bid))[0]! : exit);
  }
  return exits;
}

/** An order whose outcome was not written: settled from the broker (order-settling.ts), the record updated. */
async function settleSent(bot: GridBot, order: OrderRecord): Promise<void> {
  const outcome = await bot.sender.settle(openOrderOf(order));
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
  const filled = await bot.sender.takeBack(order, order.workingOrderId as string);
  if (filled) Object.assign(order, { status: 'filled', dealId: filled.dealId, fillPrice: filled.level });
  else order.status = 'cancelled';
}
