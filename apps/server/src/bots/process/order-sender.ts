// Carries the bot's orders to its broker and brings back what became of them, safely
// (research/live-orders.md): a refusal is written as a failure and told; an outcome nobody knows
// (a timeout, a rate limit) is settled from the broker alone (order-settling.ts) while the bot
// waits, never by sending again; a close, which cannot double (it names the position), is asked
// again until the broker answers or shows the position gone; a working order taken back is
// written as filled or cancelled, as the broker tells. The bot's state (its cycle, the stepper)
// is the bot's: this module only talks to the broker and writes each order's own record.
import {
  BrokerError,
  type Broker,
  type BrokerExit,
  type BrokerPosition,
  type OpenOrder,
  type OrderOutcome,
} from '../brokers/broker';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import type { OrderRecord } from '../protocol/hub-protocol';
import type { BotLedger } from './bot-ledger';
import type { HeldPosition } from './live-cycle';
import { settleOutcome } from './order-settling';
import { sleep, type Timers } from '../timers';
import type { Logger } from '../../lib/logger';

/** Where a position was closed, and what closed it if the broker had. */
export type PositionExit = Pick<BrokerExit, 'level' | 'cause'>;

/** Why the bot waits while an order is under way (shown on the investment). */
export type SenderWait = 'settling' | 'broker-down';

/** The bot's side of a wait: its reason shown, and taken away once the broker answers. */
export interface SenderWaits {
  pauseFor(kind: SenderWait, reason: string): Promise<void>;
  /** Trades again if what it waited for was this. */
  resumeFrom(kind: SenderWait): Promise<void>;
}

export interface SenderOptions {
  timers: Timers;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** From an order's send: a broker showing no trace of it on a look after this proves it was never placed. */
  settleWindowMs: number;
  /** First pause before a look or a retry; it doubles up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/** The order as the broker is sent it (the stop and take profit matter only when sending). */
export function openOrderOf(
  record: OrderRecord,
  extra: Partial<Pick<OpenOrder, 'stopLevel' | 'profitLevel' | 'limitLevel'>> = {},
): OpenOrder {
  return {
    clientRef: record.id,
    lots: record.lots,
    bid: record.bid,
    sentAt: new Date(record.createdAt),
    stopLevel: extra.stopLevel ?? null,
    profitLevel: extra.profitLevel ?? null,
    limitLevel: extra.limitLevel ?? record.limitLevel ?? null,
    dealReference: record.dealReference ?? null,
  };
}

export class OrderSender {
  constructor(
    private readonly broker: Broker,
    private readonly ledger: BotLedger,
    private readonly waits: SenderWaits,
    private readonly options: SenderOptions,
  ) {}

  /**
   * Sends an order (its intent written already) and answers its outcome. A refusal is written as
   * a failure (nothing opened) and thrown. An unknown outcome is settled from the broker while
   * the bot waits, and answered as late: the price that decided it is stale by then.
   */
  async send(record: OrderRecord, order: OpenOrder): Promise<{ outcome: OrderOutcome; late: boolean }> {
    try {
      return { outcome: await this.broker.send(order), late: false };
    } catch (error) {
      if (!(error instanceof BrokerError)) throw error;
      if (error.problem !== 'unavailable') {
        await this.ledger.fail(record.id, error.message);
        throw error;
      }
      this.options.logger.warn(
        { orderId: record.id, reason: error.message },
        'order outcome unknown: settling',
      );
      return { outcome: await this.settle({ ...order, dealReference: null }), late: true };
    }
  }

  /** Waits, sending nothing, until the broker tells the order's outcome (order-settling.ts). */
  async settle(order: OpenOrder): Promise<OrderOutcome> {
    const { timers, logger } = this.options;
    await this.waits.pauseFor('settling', BOT_MESSAGES.awaitingOutcome);
    const outcome = await settleOutcome(this.broker, order, {
      timers,
      windowMs: this.options.settleWindowMs,
      firstDelayMs: this.options.retryDelayMs,
      maxDelayMs: this.options.maxRetryDelayMs,
      onLook: ({ error }) =>
        logger.warn({ orderId: order.clientRef, error }, 'order not found at the broker yet'),
    });
    logger.info({ orderId: order.clientRef, outcome: outcome.kind }, 'order outcome settled');
    await this.waits.resumeFrom('settling');
    return outcome;
  }

  /**
   * Takes back a working order: its fill if the broker filled it (looked at first unless
   * lookFirst is false), else it is cancelled; written either way.
   */
  async takeBack(
    record: OrderRecord,
    workingOrderId: string,
    lookFirst = true,
  ): Promise<BrokerPosition | null> {
    const order = openOrderOf(record);
    const filled =
      (lookFirst ? await this.broker.restingFill?.(workingOrderId, order) : null) ??
      (await this.broker.cancelResting?.(workingOrderId, order)) ??
      null;
    if (filled) await this.ledger.confirm(record.id, filled.dealId, filled.level, filled.stopLevel);
    else await this.ledger.cancel(record.id);
    return filled;
  }

  /** Whether a working order filled (written if it did), leaving it resting otherwise. */
  async restingFill(record: OrderRecord, workingOrderId: string): Promise<BrokerPosition | null> {
    const filled = await this.broker.restingFill?.(workingOrderId, openOrderOf(record));
    if (!filled) return null;
    await this.ledger.confirm(record.id, filled.dealId, filled.level, filled.stopLevel);
    return filled;
  }

  /**
   * The exits of the cycle's positions (level, and what closed it if the broker had), closed one
   * after another (a remote broker limits its request rate).
   */
  async closeAll(positions: readonly HeldPosition[], bid: number): Promise<PositionExit[]> {
    const exits: PositionExit[] = [];
    for (const position of positions) exits.push(await this.closeExit(position.dealId, bid));
    return exits;
  }

  /**
   * Closes one position. Closing by deal id cannot double, so a close whose answer did not come is
   * simply asked again after a pause, the bot waiting meanwhile; one the broker no longer holds was
   * closed (by that try, its stop or a person) at the level the broker tells.
   */
  private async closeExit(dealId: string, bid: number): Promise<PositionExit> {
    const { timers, retryDelayMs, maxRetryDelayMs } = this.options;
    const since = timers.now();
    for (let delay = retryDelayMs; ; delay = Math.min(delay * 2, maxRetryDelayMs)) {
      try {
        const exit = await this.broker.closePosition(dealId, bid);
        await this.waits.resumeFrom('broker-down');
        return exit;
      } catch (error) {
        if (!(error instanceof BrokerError) || error.permanent || error.problem === 'market-closed')
          throw error;
        const gone = await this.goneExit(dealId, bid, since).catch(() => null);
        if (gone) return gone;
        await this.waits.pauseFor('broker-down', BOT_MESSAGES.brokerDown(error.message));
        await sleep(timers, delay);
      }
    }
  }

  /**
   * A position the broker no longer holds: its close as the broker tells it. A broker that tells
   * nothing of closes (the paper book), or still nothing once the settling window has passed, leaves
   * the decided bid.
   */
  private async goneExit(dealId: string, bid: number, since: number): Promise<PositionExit | null> {
    const held = await this.broker.positions();
    if (held.some((position) => position.dealId === dealId)) return null;
    const closed = (await this.broker.closedOutside?.([dealId]))?.get(dealId);
    if (closed) return closed;
    if (!this.broker.closedOutside || this.options.timers.now() - since >= this.options.settleWindowMs) {
      this.options.logger.warn(
        { dealId, bid },
        'position gone without a close the broker tells: booked at the decided bid',
      );
      return { level: bid };
    }
    return null;
  }
}
