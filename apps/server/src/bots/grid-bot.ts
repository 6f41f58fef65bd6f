// One investment's bot: the grid of engine.md (sections 3, 6, 9) on live prices through a broker.
// The decisions come from the engine's stepper, the same core a backtest walks; this class only
// carries them out, safely:
// - every order is written as an intent (its id is our client reference) before it is sent, and
//   confirmed after; a timeout is followed by a look at the broker before anything is sent again,
//   so a retry never opens a second position (DESIGN.md section 7);
// - on start it reconciles: intents without a confirmation are looked up at the broker, a close
//   that was under way is finished, a cycle the broker closed meanwhile (its stop, held with every
//   position at Capital.com, or a person by hand) is written as closed, and the open cycle is
//   rebuilt from the confirmed entries;
// - a problem retrying cannot fix (credentials, a rejected deal, a closed market, no funds) halts
//   the bot with a readable reason on the investment, with nothing half-written.
// - a paper bot leaves the order its next deciding price sends standing with the paper book (the
//   hub), which books it on that price and hands the price over with the news: the bot then books
//   what its own step decides, which must be that order.
// Price events are handled one at a time, in order: a price that arrives while an order is out
// waits for it.
import {
  GridStepper,
  isDecisionOf,
  matchStanding,
  type EnterDecision,
  type ExitDecision,
  type GridDecision,
  utcDay,
} from '@platform/engine';
import { randomUUID } from 'node:crypto';
import {
  BrokerError,
  type Broker,
  type BrokerExit,
  type BrokerPosition,
  type OpenOrder,
  type OutsideExit,
} from './brokers/broker';
import { BOT_MESSAGES } from './bot-messages';
import type {
  BotSetup,
  ClosedCycleRecord,
  FxTable,
  OrderRecord,
  PriceEvent,
  QuietPrices,
  StandingFilled,
  StandingNotice,
} from './hub/hub-protocol';

/** Where a bot writes what it does: the hub in a bot process, memory in tests. */
export interface BotLedger {
  /**
   * Written before its order goes out. A ledger on the broker's own ordered channel (the paper
   * book, through the hub) resolves at once: the channel writes it before the order.
   */
  intent(order: OrderRecord): Promise<void>;
  confirm(id: string, dealId: string, fillPrice: number): Promise<void>;
  fail(id: string, message: string): Promise<void>;
  closeCycle(record: ClosedCycleRecord): Promise<void>;
  halt(message: string): Promise<void>;
}

export interface BotLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface GridBotOptions {
  logger: BotLogger;
  /** Tries of an order whose outcome stays unknown (timeouts), and the first pause between them. */
  attempts?: number;
  retryDelayMs?: number;
  now?: () => number;
  /**
   * Told when an order leaves for the broker, with the price event that decided it, or when the
   * broker filled a standing order on it, and when (decision latency).
   */
  onOrderSent?: (event: PriceEvent, standingFilledAt?: number) => void;
  /** An error that is not the broker's (the hub is gone...): the bot process exits and is started again. */
  onFatal?: (error: unknown) => void;
}

interface HeldPosition {
  dealId: string;
  lots: number;
  /** The broker's fill and the one the decision expected (they differ only with a real market's slippage). */
  fill: number;
  expectedFill: number;
}

interface LiveCycle {
  id: string;
  referencePrice: number;
  scale: number;
  openedAt: number;
  positions: HeldPosition[];
}

/** rate(day) of fx(d): clamped to the table's ends, 1.0 before it (engine.md section 1). */
export function fxRateOf(table: FxTable): (timeMs: number) => number {
  return (timeMs) => {
    if (table.rates.length === 0) return 1;
    const index = Math.min(Math.max(utcDay(timeMs) - table.firstDay, 0), table.rates.length - 1);
    const rate = table.rates[index] as number;
    return Number.isFinite(rate) && rate > 0 ? rate : 1;
  };
}

/** Where a position was closed, and whether the broker's own stop had closed it. */
type PositionExit = Pick<BrokerExit, 'level' | 'byStop'>;

export class GridBot {
  private readonly stepper: GridStepper;
  private readonly fxRate: (timeMs: number) => number;
  private readonly spread: number;
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  private readonly now: () => number;
  private cycle: LiveCycle | null = null;
  private readonly queue: { event: PriceEvent; filled: StandingFilled | null }[] = [];
  /** The standing order last told to the broker, valid until the next price. */
  private standing: StandingNotice | null = null;
  private draining: Promise<void> | null = null;
  private haltedWith: string | null = null;
  /** Told to stop: prices received from then on are not handled (stop). */
  private stopping = false;

  constructor(
    private readonly setup: BotSetup,
    private readonly broker: Broker,
    private readonly ledger: BotLedger,
    private readonly options: GridBotOptions,
  ) {
    this.fxRate = fxRateOf(setup.fx);
    this.stepper = new GridStepper({
      params: setup.params,
      instrument: setup.instrument,
      maxLots: setup.maxLots,
      fxRate: this.fxRate,
    });
    this.spread = Math.round(setup.instrument.spreadPoints * 1000);
    this.attempts = options.attempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** Why the bot stopped trading, or null while it trades. */
  get halted(): string | null {
    return this.haltedWith;
  }

  /** Connects to the broker and reconciles; a problem that needs a person halts the bot. */
  async start(): Promise<void> {
    try {
      await this.broker.connect();
      await this.reconcile();
      if (this.stepper.cannotOpen) await this.halt(this.cannotOpenReason());
    } catch (error) {
      await this.failWith(error);
    }
  }

  /** A price, with the standing order the broker filled on it if it filled one. */
  onPrice(event: PriceEvent, filled: StandingFilled | null = null): void {
    if (this.haltedWith !== null || this.stopping) return;
    this.queue.push({ event, filled });
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /**
   * The prices that would change nothing now (the stepper's quiet band in price units). Each bound
   * is moved a milli-point inwards: a price's rounding to milli-points never carries a deciding
   * price into the band.
   */
  quietBand(): QuietPrices {
    const { above, below, opensQuiet } = this.stepper.quietBand();
    const perUnit = this.stepper.perUnit;
    return {
      above: Number.isFinite(above) ? (above + 1) / perUnit : null,
      below: Number.isFinite(below) ? (below - 1) / perUnit : null,
      opensQuiet,
    };
  }

  /**
   * The order the next deciding price sends, to leave standing with a paper broker that books it
   * on that price (the engine's StandingOrders, with the ids it is written under); null when that
   * price is the bot's to decide. Call once every price received is handled.
   */
  standingOrder(): StandingNotice | null {
    const orders = this.stepper.standingOrders();
    const cycle = this.cycle;
    this.standing =
      orders && (orders.held !== null) === (cycle !== null)
        ? {
            orders,
            perUnit: this.stepper.perUnit,
            orderId: randomUUID(),
            dealId: randomUUID(),
            cycle: cycle
              ? {
                  id: cycle.id,
                  referencePrice: cycle.referencePrice,
                  scale: cycle.scale,
                  dealIds: cycle.positions.map((position) => position.dealId),
                }
              : { id: randomUUID(), referencePrice: null, scale: orders.entry?.scale ?? 1, dealIds: [] },
          }
        : null;
    return this.standing;
  }

  /**
   * Resolves once every price received so far is handled and its orders are out (behind the hub's
   * ordered channel, their writes may still be under way: HubClient.settled waits for those).
   */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /**
   * Takes no more prices and resolves once the order under way is out. A price still queued, or
   * one arriving meanwhile, would start an order that the process exits in the middle of (a paper
   * position booked, its entry never confirmed); a standing order the hub filled on it is written
   * all the same, and the next start reconciles from what was written.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.length = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.queue.shift(); next && this.haltedWith === null; next = this.queue.shift()) {
        await this.handle(next.event, next.filled);
      }
    } catch (error) {
      this.queue.length = 0;
      await this.failWith(error).catch((fatal: unknown) => {
        this.haltedWith ??= String(fatal);
        if (this.options.onFatal) this.options.onFatal(fatal);
        else this.options.logger.error({ error: String(fatal) }, 'bot failed');
      });
    }
  }

  private async handle(event: PriceEvent, filled: StandingFilled | null): Promise<void> {
    const decisions = this.stepper.step(event.kind, this.stepper.toMilli(event.price), event.sourceTime);
    if (filled) await this.book(decisions, event, filled);
    else {
      for (const decision of decisions) {
        if (decision.kind === 'enter') await this.enter(decision, event);
        else await this.exit(decision, event);
      }
    }
    this.standing = null;
    if (this.stepper.cannotOpen && !this.cycle) await this.halt(this.cannotOpenReason());
  }

  /** Why no cycle can open: lots past the exact range of the engine's integers, or an entry of 0 or past Max Contracts. */
  private cannotOpenReason(): string {
    return this.stepper.overflowAt !== null ? BOT_MESSAGES.overflow : BOT_MESSAGES.entryTooSmall;
  }

  private async enter(decision: EnterDecision, event: PriceEvent): Promise<void> {
    const cycle = this.cycleOf(decision, event, randomUUID());
    const order = this.order(cycle, {
      kind: 'open',
      level: decision.level,
      reason: null,
      lots: decision.lots / 100,
      bid: decision.bid / this.stepper.perUnit,
    });
    await this.ledger.intent(order);
    this.options.onOrderSent?.(event);
    const position = await this.placeOpen(order, this.cycleStop()).catch(async (error: unknown) => {
      // Refused: the intent is marked failed, so nothing half-written stays behind.
      if (error instanceof BrokerError) await this.ledger.fail(order.id, error.message);
      throw error;
    });
    await this.ledger.confirm(order.id, position.dealId, position.level);
    this.hold(cycle, decision, position.dealId, position.level);
  }

  private async exit(decision: ExitDecision, event: PriceEvent): Promise<void> {
    const cycle = this.cycle!;
    const bid = decision.bid / this.stepper.perUnit;
    const order = this.order(cycle, {
      kind: 'close',
      level: null,
      reason: decision.reason,
      lots: decision.quantity / 100,
      bid,
    });
    await this.ledger.intent(order);
    this.options.onOrderSent?.(event);
    const exits = await this.closeAll(cycle.positions, bid);
    // The broker's stop closed every position on a price the bot did not see before it decided
    // (a quote missed while it reconnected): the cycle was stopped, at the broker's levels.
    const stoppedFirst = exits.length > 0 && exits.every((exit) => exit.byStop === true);
    const levels = exits.map((exit) => exit.level);
    await this.closed(
      cycle,
      stoppedFirst ? { ...decision, reason: 'stop' } : decision,
      event,
      order.id,
      levels,
    );
  }

  /**
   * The broker filled the standing order on this price, written under its ids (the intent, the
   * position or exits, the confirmation): the bot books it, which only holds if its own step
   * decided that very order. Anything else is a fault: the bot starts again from what was written.
   */
  private async book(decisions: GridDecision[], event: PriceEvent, filled: StandingFilled): Promise<void> {
    const standing = this.standing;
    const fill =
      standing?.orderId === filled.orderId
        ? matchStanding(standing.orders, event.kind, this.stepper.toMilli(event.price))
        : null;
    const [decision] = decisions;
    if (!standing || !fill || !decision || decisions.length !== 1 || !isDecisionOf(fill, decision))
      throw new Error(`standing order ${filled.orderId} filled on a price the bot decided otherwise`);
    this.options.onOrderSent?.(event, filled.at);
    if (decision.kind === 'enter') {
      const cycle = this.cycleOf(decision, event, standing.cycle.id);
      this.hold(cycle, decision, standing.dealId, decision.fill / this.stepper.perUnit);
      return;
    }
    // The paper book exits at the bid.
    const exits = this.cycle!.positions.map(() => decision.bid / this.stepper.perUnit);
    await this.closed(this.cycle!, decision, event, standing.orderId, exits);
  }

  /** The cycle an entry adds to: a new one, with this id, for a cycle's first entry. */
  private cycleOf(decision: EnterDecision, event: PriceEvent, id: string): LiveCycle {
    if (decision.level === 0) {
      this.cycle = {
        id,
        referencePrice: decision.bid / this.stepper.perUnit,
        scale: this.stepper.openCycle?.scale ?? 1,
        openedAt: event.time,
        positions: [],
      };
    }
    return this.cycle!;
  }

  /** Keeps the position an entry opened with its cycle, and the fill the decision expected. */
  private hold(cycle: LiveCycle, decision: EnterDecision, dealId: string, fill: number): void {
    cycle.positions.push({
      dealId,
      lots: decision.lots / 100,
      fill,
      expectedFill: decision.fill / this.stepper.perUnit,
    });
    if (decision.level === 0) {
      this.options.logger.info({ cycleId: cycle.id, lots: decision.lots / 100, price: fill }, 'cycle opened');
    }
  }

  /** Writes the closed cycle as one transaction, from the exit levels the broker gave its positions. */
  private async closed(
    cycle: LiveCycle,
    decision: ExitDecision,
    event: PriceEvent,
    closeId: string,
    exits: number[],
  ): Promise<void> {
    const bid = decision.bid / this.stepper.perUnit;
    // What the broker's prices add to or take from the decided result: nothing on paper.
    let slippageUnits = 0;
    let exitValue = 0;
    cycle.positions.forEach((position, index) => {
      const exitLevel = exits[index] as number;
      slippageUnits += position.lots * (exitLevel - bid - (position.fill - position.expectedFill));
      exitValue += position.lots * exitLevel;
    });
    const slippageEur = (slippageUnits * this.setup.instrument.contractSize) / this.fxRate(event.sourceTime);
    await this.ledger.closeCycle({
      ...this.statement(cycle, exitValue),
      closeId,
      reason: decision.reason,
      closedAt: event.time,
      profitLoss: decision.eur + slippageEur,
    });
    this.options.logger.info(
      {
        cycleId: cycle.id,
        reason: decision.reason,
        lots: decision.quantity / 100,
        profitLoss: decision.eur + slippageEur,
      },
      'cycle closed',
    );
    this.cycle = null;
  }

  /** Lots, entry and exit averages and the cycle's identity for its transaction. */
  private statement(
    cycle: LiveCycle,
    exitValue: number,
  ): Pick<ClosedCycleRecord, 'cycleId' | 'lots' | 'entryPrice' | 'exitPrice' | 'openedAt'> {
    const lots = cycle.positions.reduce((sum, position) => sum + position.lots, 0);
    const entryValue = cycle.positions.reduce((sum, position) => sum + position.lots * position.fill, 0);
    return {
      cycleId: cycle.id,
      lots: Math.round(lots * 100) / 100,
      entryPrice: lots > 0 ? entryValue / lots : 0,
      exitPrice: lots > 0 ? exitValue / lots : 0,
      openedAt: cycle.openedAt,
    };
  }

  private order(
    cycle: LiveCycle,
    fields: Pick<OrderRecord, 'kind' | 'level' | 'reason' | 'lots' | 'bid'>,
  ): OrderRecord {
    return {
      id: randomUUID(),
      cycleId: cycle.id,
      ...fields,
      referencePrice: cycle.referencePrice,
      scale: cycle.scale,
      status: 'intent',
      dealId: null,
      fillPrice: null,
      createdAt: this.now(),
    };
  }

  /** The open cycle's stop as a bid, null when it never fires. */
  private cycleStop(): number | null {
    const stop = this.stepper.openStop;
    return stop === null ? null : stop / this.stepper.perUnit;
  }

  /** Sends an entry; after a timeout it looks for the order at the broker before it sends it again. */
  private async placeOpen(record: OrderRecord, stopLevel: number | null): Promise<BrokerPosition> {
    const order = openOrderOf(record, stopLevel);
    return this.withRetries(async () => {
      try {
        return await this.broker.openPosition(order);
      } catch (error) {
        if (!(error instanceof BrokerError) || error.permanent) throw error;
        const opened = await this.broker.findOpened(order);
        if (opened) return opened;
        throw error;
      }
    });
  }

  /**
   * The exits of the cycle's positions (level, and whether the broker's own stop had closed it),
   * closed one after another (a remote broker limits its request rate).
   */
  private async closeAll(positions: readonly HeldPosition[], bid: number): Promise<PositionExit[]> {
    const exits: PositionExit[] = [];
    for (const position of positions) exits.push(await this.closeExit(position.dealId, bid));
    return exits;
  }

  private async closeOne(dealId: string, bid: number): Promise<number> {
    return (await this.closeExit(dealId, bid)).level;
  }

  /** Closes one position; a position the broker no longer holds after a timeout was closed by that try. */
  private async closeExit(dealId: string, bid: number): Promise<PositionExit> {
    return this.withRetries(async () => {
      try {
        return await this.broker.closePosition(dealId, bid);
      } catch (error) {
        if (!(error instanceof BrokerError) || error.permanent) throw error;
        const held = await this.broker.positions();
        if (!held.some((position) => position.dealId === dealId)) return { level: bid };
        throw error;
      }
    });
  }

  private async withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tried = 1; ; tried++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof BrokerError) || error.permanent) throw error;
        if (tried >= this.attempts)
          throw new BrokerError(BOT_MESSAGES.brokerUnreachable(error.message), 'rejected');
        this.options.logger.warn({ tried, reason: error.message }, 'broker did not answer, trying again');
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (tried - 1)));
      }
    }
  }

  /**
   * Brings the orders written before a stop in line with the broker: each intent without a
   * confirmation is looked up (found: confirmed; not found: it never went through), a close under
   * way is finished, and the open cycle is handed back to the stepper.
   */
  private async reconcile(): Promise<void> {
    let realised = this.setup.realisedEur;
    const cycles = new Map<string, OrderRecord[]>();
    for (const order of this.setup.openOrders)
      cycles.set(order.cycleId, [...(cycles.get(order.cycleId) ?? []), order]);
    // What the records say is held first, so no look-up below takes one of these for another order.
    this.broker.adopt?.(
      this.setup.openOrders
        .filter((order) => order.kind === 'open' && order.status === 'filled')
        .map((order) => ({
          dealId: order.dealId as string,
          clientRef: order.id,
          lots: order.lots,
          level: order.fillPrice as number,
          openedAt: new Date(order.createdAt),
        })),
    );
    for (const orders of cycles.values()) {
      for (const order of orders) {
        if (order.kind !== 'open' || order.status !== 'intent') continue;
        const opened = await this.broker.findOpened(openOrderOf(order));
        if (opened) {
          await this.ledger.confirm(order.id, opened.dealId, opened.level);
          Object.assign(order, { status: 'filled', dealId: opened.dealId, fillPrice: opened.level });
        } else {
          await this.ledger.fail(order.id, BOT_MESSAGES.notSentBeforeRestart);
          order.status = 'failed';
        }
      }
      const filled = orders.filter((order) => order.kind === 'open' && order.status === 'filled');
      const first = filled[0];
      if (!first) continue;
      const cycle: LiveCycle = {
        id: first.cycleId,
        referencePrice: first.referencePrice,
        scale: first.scale,
        openedAt: first.createdAt,
        positions: filled.map((order) => ({
          dealId: order.dealId as string,
          lots: order.lots,
          fill: order.fillPrice as number,
          expectedFill: (this.stepper.toMilli(order.bid) + this.spread) / this.stepper.perUnit,
        })),
      };
      const closing = orders.find((order) => order.kind === 'close' && order.status === 'intent');
      if (closing) {
        realised += await this.finishClose(cycle, closing);
        continue;
      }
      const closedAway = await this.closedWhileAway(cycle);
      if (closedAway !== null) {
        realised += closedAway;
        continue;
      }
      this.cycle = cycle;
    }
    const cycle = this.cycle;
    this.stepper.restore(
      realised,
      cycle && {
        start: this.stepper.toMilli(cycle.referencePrice),
        scale: cycle.scale,
        fills: this.setup.openOrders
          .filter((order) => order.cycleId === cycle.id && order.kind === 'open' && order.status === 'filled')
          .map((order) => ({
            level: order.level ?? 0,
            lots: Math.round(order.lots * 100),
            price: this.stepper.toMilli(order.bid) + this.spread,
          })),
      },
    );
    if (cycle)
      this.options.logger.info(
        { cycleId: cycle.id, positions: cycle.positions.length },
        'open cycle recovered',
      );
  }

  /** A close that a stop interrupted: the positions still held are closed, the cycle is written once. */
  private async finishClose(cycle: LiveCycle, closing: OrderRecord): Promise<number> {
    // Those no longer held were closed before the stop, by this close or by the broker's own stop:
    // at the level the broker tells, else at the decided bid (where the paper book closes).
    const { held, gone } = await this.heldAndGone(cycle);
    const closedBefore =
      (await this.broker.closedOutside?.(gone.map((position) => position.dealId))) ??
      new Map<string, OutsideExit>();
    const profitLoss = await this.writeClosed(cycle, closing.id, closing.reason ?? 'close', (position) =>
      held.has(position.dealId)
        ? this.closeOne(position.dealId, closing.bid)
        : Promise.resolve(closedBefore.get(position.dealId)?.level ?? closing.bid),
    );
    this.options.logger.info({ cycleId: cycle.id, profitLoss }, 'interrupted close finished');
    return profitLoss;
  }

  /**
   * A cycle the broker no longer holds whole: closed while the bot was away, by the stop every
   * position holds at the broker, or by a person. The positions still held are closed too (a cycle
   * is closed whole) and the cycle is written once, at the broker's levels: a stop when the stop
   * closed every position, a plain close otherwise. Answers its P/L, or null when the broker still
   * holds every position (or holds no stops and no one else closes for it: the paper book).
   */
  private async closedWhileAway(cycle: LiveCycle): Promise<number | null> {
    if (!this.broker.closedOutside) return null;
    const { gone } = await this.heldAndGone(cycle);
    if (gone.length === 0) return null;
    const outside = await this.broker.closedOutside(gone.map((position) => position.dealId));
    if (gone.some((position) => !outside.has(position.dealId)))
      throw new BrokerError(BOT_MESSAGES.closedUnknown, 'rejected');
    const allGone = gone.length === cycle.positions.length;
    const reason = allGone && [...outside.values()].every((exit) => exit.byStop) ? 'stop' : 'close';
    const lastExit = [...outside.values()].reduce((last, exit) =>
      exit.closedAt > last.closedAt ? exit : last,
    );
    const order = this.order(cycle, {
      kind: 'close',
      level: null,
      reason,
      lots: Math.round(cycle.positions.reduce((sum, position) => sum + position.lots, 0) * 100) / 100,
      bid: lastExit.level,
    });
    await this.ledger.intent(order);
    const profitLoss = await this.writeClosed(
      cycle,
      order.id,
      reason,
      (position) => {
        const closed = outside.get(position.dealId);
        return closed ? Promise.resolve(closed.level) : this.closeOne(position.dealId, lastExit.level);
      },
      allGone ? lastExit.closedAt.getTime() : undefined,
    );
    this.options.logger.info({ cycleId: cycle.id, reason, profitLoss }, 'cycle closed while away');
    return profitLoss;
  }

  /** The deal ids the broker holds, and the cycle's positions it no longer holds. */
  private async heldAndGone(cycle: LiveCycle): Promise<{ held: Set<string>; gone: HeldPosition[] }> {
    const held = new Set((await this.broker.positions()).map((position) => position.dealId));
    return { held, gone: cycle.positions.filter((position) => !held.has(position.dealId)) };
  }

  /**
   * Writes a cycle closed with no price to decide on (at a restart): each position at its exit
   * level, those still held closed by `exitOf`, and the P/L from those levels, at `closedAt` (by
   * default once they are closed). Answers the P/L.
   */
  private async writeClosed(
    cycle: LiveCycle,
    closeId: string,
    reason: ClosedCycleRecord['reason'],
    exitOf: (position: HeldPosition) => Promise<number>,
    closedAt?: number,
  ): Promise<number> {
    let exitValue = 0;
    let usd = 0;
    for (const position of cycle.positions) {
      const exitLevel = await exitOf(position);
      exitValue += position.lots * exitLevel;
      usd += position.lots * (exitLevel - position.fill) * this.setup.instrument.contractSize;
    }
    const at = closedAt ?? this.now();
    const profitLoss = usd / this.fxRate(at);
    await this.ledger.closeCycle({
      ...this.statement(cycle, exitValue),
      closeId,
      reason,
      closedAt: at,
      profitLoss,
    });
    return profitLoss;
  }

  private async failWith(error: unknown): Promise<void> {
    if (error instanceof BrokerError) {
      await this.halt(error.message);
      return;
    }
    throw error;
  }

  private async halt(message: string): Promise<void> {
    if (this.haltedWith !== null) return;
    this.haltedWith = message;
    this.options.logger.error({ reason: message }, 'bot halted');
    await this.ledger.halt(message);
  }
}

/** The order an intent sent; the stop it held matters only when sending, not to a look-up. */
function openOrderOf(record: OrderRecord, stopLevel: number | null = null): OpenOrder {
  return {
    clientRef: record.id,
    lots: record.lots,
    bid: record.bid,
    sentAt: new Date(record.createdAt),
    stopLevel,
  };
}
