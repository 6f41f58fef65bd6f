// What a broker that holds orders (Capital.com) keeps for the grid while nobody watches it
// (DESIGN.md section 7, "the broker holds what it can"): the cycle's next level as a working order,
// a limit buy at the level's trigger plus the spread (its ask), with the cycle's stop and the take
// profit the cycle will have once it fills; and on every position the cycle's take profit, moved
// after each fill, as the average fill falls. With the stop held too, the broker closes the cycle
// at its take profit or its stop, and fills the next level, while the bot, the server or the
// network is down; the bot reads what happened when it comes back (bot-reconcile.ts).
// It runs after every price that decided something: the working order is replaced when the grid's
// next level is no longer the one resting (a fill, a closed cycle) and taken back when there is no
// cycle. A working order that filled on prices the bot did not decide on (a quote it missed, a
// spread wider than the engine's) is a level the cycle holds now: the stepper learns it (Resync).
import { BrokerError, type BrokerPosition, type OrderOutcome } from '../brokers/broker';
import type { OrderRecord } from '../protocol/hub-protocol';
import type { GridBot } from './grid-bot';
import type { LiveCycle, RestingOrder } from './live-cycle';
import { Resync } from './resync';

export async function keepResting(bot: GridBot): Promise<void> {
  const { broker, stepper } = bot;
  // The paper book keeps its own standing orders (hub-protocol.ts).
  if (!broker.cancelResting) return;
  const cycle = bot.cycle;
  const next = cycle ? (stepper.standingOrders()?.level ?? null) : null;
  const resting = bot.resting;
  if (
    resting &&
    !(next && resting.record.level === next.level && Math.round(resting.record.lots * 100) === next.lots)
  ) {
    const filled = await bot.takeResting(resting);
    if (filled) await heldAfterAll(bot, resting, filled);
  }
  if (cycle && next && !bot.resting) {
    const record = bot.order(cycle, {
      kind: 'open',
      level: next.level,
      reason: null,
      lots: next.lots / 100,
      bid: next.trigger / stepper.perUnit,
    });
    const limitLevel = bot.expectedFillOf({ ...record, limitLevel: null });
    Object.assign(record, { orderType: 'limit', limitLevel });
    await bot.ledger.intent(record);
    const outcome = await restAt(bot, record, {
      stopLevel: bot.cycleStop(),
      profitLevel: bot.takeProfitAfter(cycle, record.lots, limitLevel),
      limitLevel,
    });
    if (outcome) await bot.applyOutcome(record, outcome, limitLevel);
    // The ask was under the level already: it filled at once, a fill the stepper has to learn.
    if (outcome?.kind === 'filled') throw new Resync();
  }
  if (bot.cycle && broker.moveTakeProfit) await moveTakeProfits(bot, bot.cycle);
}

/**
 * Places the level's working order. A broker that refuses it because the price is past the level
 * already (a start after the price fell, a gap) leaves nothing resting and the order failed with
 * its reason: the stepper decides the level at the market on the next price, as it would have had
 * the order never been asked for. Null then.
 */
async function restAt(
  bot: GridBot,
  record: OrderRecord,
  extra: Parameters<GridBot['send']>[1],
): Promise<OrderOutcome | null> {
  try {
    return await bot.send(record, extra);
  } catch (error) {
    if (!(error instanceof BrokerError) || error.problem !== 'price-passed') throw error;
    bot.options.logger.warn(
      { orderId: record.id, reason: error.message },
      'level passed already: not rested',
    );
    return null;
  }
}

/**
 * A working order that filled though the bot took it back: its level is held by the cycle it was
 * placed for; if that cycle closed meanwhile, the position is closed at once and written as a
 * cycle of its own (nothing the bot holds is left without a record).
 */
async function heldAfterAll(bot: GridBot, resting: RestingOrder, filled: BrokerPosition): Promise<void> {
  const cycle = bot.cycle;
  const level = resting.record.level ?? 0;
  const expectedFill = resting.record.limitLevel ?? filled.level;
  if (cycle && cycle.id === resting.record.cycleId) {
    bot.hold(cycle, level, filled, expectedFill);
    throw new Resync();
  }
  const orphan: LiveCycle = {
    id: resting.record.cycleId,
    referencePrice: resting.record.referencePrice,
    scale: resting.record.scale,
    openedAt: filled.openedAt.getTime(),
    positions: [],
  };
  bot.hold(orphan, level, filled, expectedFill);
  bot.options.logger.warn(
    { dealId: filled.dealId },
    'a working order filled after its cycle closed: closed at once',
  );
  const close = bot.order(orphan, {
    kind: 'close',
    level: null,
    reason: 'close',
    lots: filled.lots,
    bid: filled.level,
  });
  await bot.ledger.intent(close);
  const exits = await bot.sender.closeAll(orphan.positions, filled.level);
  await bot.closed(orphan, 'close', null, bot.timers.now(), close.id, exits);
}

/** The take profit of the cycle on every position, where the broker holds another. */
async function moveTakeProfits(bot: GridBot, cycle: LiveCycle): Promise<void> {
  const last = cycle.positions.at(-1);
  if (!last) return;
  const takeProfit = bot.takeProfitAfter(
    { ...cycle, positions: cycle.positions.slice(0, -1) },
    last.lots,
    last.fill,
  );
  for (const position of cycle.positions) {
    if (position.profitLevel === takeProfit) continue;
    await bot.broker.moveTakeProfit!(position.dealId, takeProfit);
    position.profitLevel = takeProfit;
  }
}
