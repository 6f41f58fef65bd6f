// One investment's bot: the grid of engine.md (sections 3, 6, 9) on live prices through a broker.
// The decisions come from the engine's stepper, the same core a backtest walks; this class only
// carries them out, safely (DESIGN.md section 7, research/live-orders.md):
// - every order is written as an intent before it is sent, the broker's reference the moment the
//   request answers, and the outcome after. An outcome nobody knows (a timeout) is settled from the
//   broker alone (order-settling.ts) while the bot sends nothing; an order is marked failed only
//   when the broker proved it opened nothing;
// - a problem a person must mend (credentials, funds, sizes, an instrument) halts the bot (state 2)
//   with a readable reason; a closed market, a broker that does not answer, an outcome being
//   settled only pause it (state 1, the reason on the investment), and it resumes by itself;
// - a broker that holds orders (Capital.com) keeps the cycle's stop and take profit with every
//   position and the next level as a working order (resting-orders.ts), so the grid goes on while
//   the bot is away;
// - on start it reconciles (bot-reconcile.ts): what was sent is settled, what filled or closed
//   meanwhile is written, and the open cycle is handed back to the stepper;
// - a paper bot leaves the order its next deciding price sends standing with the paper book (the
//   hub), which books it on that price and hands the price over with the news: the bot then books
//   what its own step decides, which must be that order.
// Price events are handled one at a time, in order: a price that arrives while an order is out
// waits for it; prices that arrive while the bot waits for an outcome are dropped (stale by then).
import {
  entryLots,
  GridStepper,
  isDecisionOf,
  matchStanding,
  toMilliPoints,
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
  type MarketClosure,
  type OpenOrder,
  type OrderOutcome,
} from '../brokers/broker';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import type { BotLedger } from './bot-ledger';
import { reconcile } from './reconcile';
import { openOrderOf, OrderSender, type PositionExit } from './order-sender';
import { keepResting } from './resting-orders';
import { bookClosedCycle, type LiveCycle, type RestingOrder } from './live-cycle';
import { Resync } from './resync';
import { realTimers, sleep, type Timers } from '../timers';
import type {
  BotSetup,
  ClosedCycleRecord,
  FxTable,
  OrderRecord,
  PriceEvent,
  WireQuietBand,
  StandingFill,
  WireStandingOrders,
} from '../protocol/hub-protocol';
import type { Logger } from '../../lib/logger';

export interface GridBotOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  timers?: Timers;
  /** From an order's send: a broker showing no trace of it on a look after this proves it was never placed. */
  settleWindowMs?: number;
  /** First pause before a look or a retry; it doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Without a price for this long, the bot asks the broker whether its market closed. */
  marketCheckMs?: number;
  /**
   * How often a bot on a broker that holds orders looks at it between prices: whether a closed
   * market reopened, whether its market closed, whether its resting level filled unseen.
   */
  watchMs?: number;
  /**
   * Told when an order leaves for the broker, with the price event that decided it, or when the
   * broker filled a standing order on it, and when (decision latency).
   */
  onOrderSent?: (event: PriceEvent, standingFilledAt?: number) => void;
  /** An error that is not the broker's (the hub is gone...): the bot process exits and is started again. */
  onFatal?: (error: unknown) => void;
}

/** Why the bot does not trade now, while it still runs. */
type Pause = { kind: 'market-closed' | 'settling' | 'broker-down'; reason: string };

/** A pause of a closed market, when its calendar does not say (or the broker could not be asked). */
const noReopening = (reason: string): MarketClosure => ({ reason, reopensAt: null });

/** rate(day) of fx(d): clamped to the table's ends, 1.0 before it (engine.md section 1). */
export function fxRateOf(table: FxTable): (timeMs: number) => number {
  return (timeMs) => {
    if (table.rates.length === 0) return 1;
    const index = Math.min(Math.max(utcDay(timeMs) - table.firstDay, 0), table.rates.length - 1);
    const rate = table.rates[index] as number;
    return Number.isFinite(rate) && rate > 0 ? rate : 1;
  };
}

export class GridBot {
  readonly stepper: GridStepper;
  readonly fxRate: (timeMs: number) => number;
  readonly timers: Timers;
  /** Carries orders to the broker and brings back their outcomes (order-sender.ts). */
  readonly sender: OrderSender;
  private readonly spread: number;
  /** The grid's target in milli-points: a take profit is the cycle's average fill plus it. */
  private readonly target: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly marketCheckMs: number;
  private readonly watchMs: number;
  cycle: LiveCycle | null = null;
  resting: RestingOrder | null = null;
  /** EUR booked by the closed cycles (the broker's levels), what the stepper restarts from. */
  realised: number;
  private readonly queue: { event: PriceEvent; filled: StandingFill | null }[] = [];
  /** The standing order last told to the broker, valid until the next price. */
  private standing: WireStandingOrders | null = null;
  private draining: Promise<void> | null = null;
  private haltedWith: string | null = null;
  private pause: Pause | null = null;
  private lastMarketCheck = Number.NEGATIVE_INFINITY;
  private lastPriceAt: number;
  private watchTimer: unknown = null;
  /** Told to stop: prices received from then on are not handled (stop). */
  private stopping = false;
  /** A position was held at another fill than its decision's: the stepper must learn it. */
  private fillsDiffer = false;

  constructor(
    readonly setup: BotSetup,
    readonly broker: Broker,
    readonly ledger: BotLedger,
    readonly options: GridBotOptions,
  ) {
    this.fxRate = fxRateOf(setup.fx);
    this.stepper = new GridStepper({
      params: setup.params,
      instrument: setup.instrument,
      maxLots: setup.maxLots,
      fxRate: this.fxRate,
    });
    this.spread = toMilliPoints(setup.instrument.spreadPoints);
    this.target = toMilliPoints(setup.params.target);
    this.timers = options.timers ?? realTimers;
    this.retryDelayMs = options.retryDelayMs ?? 1_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.marketCheckMs = options.marketCheckMs ?? 120_000;
    this.watchMs = options.watchMs ?? 30_000;
    this.lastPriceAt = this.timers.now();
    this.realised = setup.realisedEur;
    this.sender = new OrderSender(
      broker,
      ledger,
      {
        pauseFor: (kind, reason) => this.pauseFor(kind, reason),
        resumeFrom: async (kind) => {
          if (this.pause?.kind === kind) await this.resume();
        },
      },
      {
        timers: this.timers,
        logger: options.logger,
        settleWindowMs: options.settleWindowMs ?? 120_000,
        retryDelayMs: this.retryDelayMs,
        maxRetryDelayMs: this.maxRetryDelayMs,
      },
    );
  }

  /** Why the bot stopped trading for good, or null while it runs. */
  get halted(): string | null {
    return this.haltedWith;
  }

  /** Why the running bot waits, or null while it trades. */
  get paused(): string | null {
    return this.pause?.reason ?? null;
  }

  /**
   * Connects to the broker and reconciles; a problem that needs a person halts the bot. A broker
   * that does not answer is waited for (the bot trades nothing before it knows what it holds).
   */
  async start(): Promise<void> {
    try {
      for (let delay = this.retryDelayMs; ; delay = Math.min(delay * 2, this.maxRetryDelayMs)) {
        try {
          await this.broker.connect();
          break;
        } catch (error) {
          if (!(error instanceof BrokerError) || error.problem !== 'unavailable') throw error;
          await this.pauseFor('broker-down', BOT_MESSAGES.brokerDown(error.message));
          await sleep(this.timers, delay);
        }
      }
      const sizes = this.broker.sizeProblem?.(this.gridLots());
      if (sizes) throw new BrokerError(sizes, 'size');
      await reconcile(this);
      if (this.stepper.cannotOpen) return await this.halt(this.cannotOpenReason());
      const closed = await this.broker.marketClosed?.();
      if (closed) await this.pauseForClosedMarket(closed);
      else {
        await this.resume();
        await this.keepResting();
      }
      this.armWatch();
    } catch (error) {
      await this.failWith(error);
    }
  }

  /** A price, with the standing order the broker filled on it if it filled one. */
  onPrice(event: PriceEvent, filled: StandingFill | null = null): void {
    if (this.haltedWith !== null || this.stopping) return;
    // While an outcome is settled the bot decides nothing: the price would be stale by then.
    if (this.pause && this.pause.kind !== 'market-closed' && this.draining) return;
    this.queue.push({ event, filled });
    this.kick();
  }

  /** Handles the queued prices, unless that is under way. */
  private kick(): void {
    if (this.draining || this.queue.length === 0) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      this.kick();
    });
  }

  /**
   * The prices that would change nothing now (the stepper's quiet band in price units). Each bound
   * is moved a milli-point inwards: a price's rounding to milli-points never carries a deciding
   * price into the band.
   */
  quietBand(): WireQuietBand {
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
  standingOrder(): WireStandingOrders | null {
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
    this.timers.clearTimeout(this.watchTimer);
    await this.idle();
  }

  /**
   * Takes back the working order resting at the broker (a person stopped the bot or asked for the
   * investment's deletion: no new exposure while nobody trades it). Positions keep their stops.
   */
  async takeBackResting(): Promise<void> {
    const resting = this.resting;
    if (!resting || !this.broker.cancelResting) return;
    await this.sender.takeBack(resting.record, resting.workingOrderId, false);
    this.resting = null;
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.queue.shift(); next && this.haltedWith === null; next = this.queue.shift()) {
        if (this.pause?.kind === 'market-closed' && !(await this.reopened())) continue;
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

  private async handle(event: PriceEvent, filled: StandingFill | null): Promise<void> {
    this.lastPriceAt = this.timers.now();
    const decisions = this.stepper.step(event.kind, this.stepper.toMilli(event.price), event.sourceTime);
    try {
      if (filled) await this.book(decisions, event, filled);
      else {
        for (const decision of decisions) {
          if (decision.kind === 'enter') await this.enter(decision, event);
          else await this.exit(decision, event);
        }
      }
      // The broker filled elsewhere than decided (a level at its limit, a jump's slippage): the
      // stepper goes on from the broker's fills, so its take profit is the one the broker holds.
      if (this.fillsDiffer) {
        this.fillsDiffer = false;
        this.resync();
      }
      if (decisions.length > 0) {
        await this.keepResting();
        if (this.pause?.kind === 'broker-down') await this.resume();
      }
    } catch (error) {
      await this.recover(error);
      // From what the broker holds now: its working order and take profits as the stepper wants them.
      if (!this.pause) await this.keepResting().catch((again: unknown) => this.recover(again));
    }
    this.standing = null;
    if (this.stepper.cannotOpen && !this.cycle) await this.halt(this.cannotOpenReason());
  }

  /**
   * A decision that could not be carried out as decided: the stepper starts again from what the
   * broker holds. A broker that did not answer (an order taken back, a take profit moved: none of
   * them can double) is waited for, the next price trying again; a closed market pauses the bot.
   */
  private async recover(error: unknown): Promise<void> {
    if (error instanceof BrokerError && error.problem === 'unavailable')
      await this.pauseFor('broker-down', BOT_MESSAGES.brokerDown(error.message));
    else if (error instanceof BrokerError && error.problem === 'market-closed')
      // The market's own words (its status, its reopening) say more than the refused deal's.
      await this.pauseForClosedMarket(
        (await this.broker.marketClosed?.().catch(() => null)) ?? noReopening(error.message),
      );
    else if (!(error instanceof Resync)) throw error;
    this.resync();
  }

  /** Working orders and take profits at the broker as the stepper's state wants them (resting-orders.ts). */
  private async keepResting(): Promise<void> {
    for (let tries = 0; tries < 3; tries++) {
      try {
        return await keepResting(this);
      } catch (error) {
        // A fill the stepper did not decide (it rested at the broker): learnt, then the orders again.
        if (!(error instanceof Resync)) throw error;
        this.resync();
      }
    }
  }

  /** Hands the stepper the cycle the broker holds and what was booked, as after a restart. */
  resync(): void {
    this.dropEmptyCycle();
    const cycle = this.cycle;
    this.stepper.restore(
      this.realised,
      cycle && {
        start: this.stepper.toMilli(cycle.referencePrice),
        scale: cycle.scale,
        fills: cycle.positions.map((position) => ({
          level: position.level,
          lots: Math.round(position.lots * 100),
          price: this.stepper.toMilli(position.fill),
        })),
      },
    );
  }

  /** Why no cycle can open: lots past the exact range of the engine's integers, or an entry of 0 or past Max Contracts. */
  private cannotOpenReason(): string {
    return this.stepper.overflowAt !== null ? BOT_MESSAGES.overflow : BOT_MESSAGES.entryTooSmall;
  }

  /** The lots of every order the grid can send (a live cycle's scale is 1), for the broker's size check. */
  private gridLots(): number[] {
    const { params, maxLots } = this.setup;
    const levels = Math.floor(toMilliPoints(params.worst) / toMilliPoints(params.mediazione));
    return [...entryLots(params, levels, 1)]
      .filter((lots) => lots > 0 && lots <= maxLots)
      .map((lots) => lots / 100);
  }

  private async enter(decision: EnterDecision, event: PriceEvent): Promise<void> {
    const cycle = this.cycleOf(decision, event, randomUUID());
    const expectedFill = decision.fill / this.stepper.perUnit;
    // The level rested at the broker as a working order: its fill, or it is taken back and sent at the market.
    const resting = this.resting;
    if (resting && resting.record.level === decision.level) {
      const position = await this.takeResting(resting);
      if (position) {
        this.hold(cycle, decision.level, position, expectedFill);
        return;
      }
    }
    const order = this.order(cycle, {
      kind: 'open',
      level: decision.level,
      reason: null,
      lots: decision.lots / 100,
      bid: decision.bid / this.stepper.perUnit,
    });
    await this.ledger.intent(order);
    this.options.onOrderSent?.(event);
    const outcome = await this.send(order, {
      stopLevel: this.cycleStop(),
      profitLevel: this.takeProfitAfter(cycle, decision.lots / 100, expectedFill),
      limitLevel: null,
    });
    await this.applyOutcome(order, outcome, expectedFill);
  }

  /**
   * Sends an order and answers its outcome. A refusal is written as a failure (nothing opened): a
   * closed market pauses the bot until it reopens, anything else halts it. An unknown outcome is
   * settled from the broker while the bot waits; the price that decided it is stale by then.
   */
  async send(
    record: OrderRecord,
    extra: Pick<OpenOrder, 'stopLevel' | 'profitLevel' | 'limitLevel'>,
  ): Promise<OrderOutcome> {
    const { outcome, late } = await this.sender.send(record, openOrderOf(record, extra));
    if (!late) return outcome;
    // Settled: the bot trades again from what the broker holds, on the next price.
    await this.applyOutcome(record, outcome, this.expectedFillOf(record));
    throw new Resync();
  }

  /** Writes what became of an order: its fill (held with its cycle), its working order, or its absence. */
  async applyOutcome(record: OrderRecord, outcome: OrderOutcome, expectedFill: number): Promise<void> {
    switch (outcome.kind) {
      case 'filled': {
        const { position } = outcome;
        await this.ledger.confirm(record.id, position.dealId, position.level, position.stopLevel);
        await this.noteStop(record, position.stopLevel);
        const cycle = this.cycle;
        if (cycle && cycle.id === record.cycleId) this.hold(cycle, record.level ?? 0, position, expectedFill);
        return;
      }
      case 'resting':
        await this.ledger.working(record.id, outcome.workingOrderId);
        await this.noteStop(record, outcome.stopLevel);
        this.resting = {
          record: { ...record, status: 'working', workingOrderId: outcome.workingOrderId },
          workingOrderId: outcome.workingOrderId,
        };
        return;
      case 'absent':
        await this.ledger.fail(record.id, outcome.reason);
        this.dropEmptyCycle();
        return;
    }
  }

  /** The stop the broker holds, when it is not the cycle's: recorded and audited. */
  private async noteStop(record: OrderRecord, held: number | null | undefined): Promise<void> {
    const requested = this.cycleStop();
    if (held === undefined || held === null || requested === null || held === requested) return;
    this.options.logger.warn({ orderId: record.id, requested, held }, 'stop adjusted by the broker');
    await this.ledger.stopAdjusted(record.id, requested, held);
  }

  /** A cycle whose first entry never opened is no cycle. */
  private dropEmptyCycle(): void {
    if (this.cycle && this.cycle.positions.length === 0) this.cycle = null;
  }

  /**
   * The working order of a level the price reached: its fill if the broker filled it, else it is
   * taken back (null), and the level goes at the market.
   */
  async takeResting(resting: RestingOrder): Promise<BrokerPosition | null> {
    // Forgotten only once the broker answered: a take-back it refused (a closed market) leaves the
    // order resting there, and the bot must not place the level a second time.
    const filled = await this.sender.takeBack(resting.record, resting.workingOrderId);
    this.resting = null;
    return filled;
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
    let exits: PositionExit[];
    try {
      exits = await this.sender.closeAll(cycle.positions, bid);
    } catch (error) {
      if (!(error instanceof BrokerError) || error.problem !== 'market-closed') throw error;
      // Those closed before the refusal are read from the broker when the cycle closes at the reopening.
      await this.ledger.fail(order.id, BOT_MESSAGES.closeDeferred);
      throw error;
    }
    await this.closed(
      cycle,
      this.exitReason(decision.reason, exits),
      decision,
      event.time,
      order.id,
      exits,
      event.sourceTime,
    );
  }

  /** What closed the cycle: the broker's stop or take profit when it had closed every position, else the decision. */
  private exitReason(
    decided: ClosedCycleRecord['reason'],
    exits: readonly PositionExit[],
  ): ClosedCycleRecord['reason'] {
    if (exits.length > 0 && exits.every((exit) => exit.cause === 'stop')) return 'stop';
    if (exits.length > 0 && exits.every((exit) => exit.cause === 'take-profit')) return 'take-profit';
    return decided;
  }

  /**
   * The broker filled the standing order on this price, written under its ids (the intent, the
   * position or exits, the confirmation): the bot books it, which only holds if its own step
   * decided that very order. Anything else is a fault: the bot starts again from what was written.
   */
  private async book(decisions: GridDecision[], event: PriceEvent, filled: StandingFill): Promise<void> {
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
      const fill = decision.fill / this.stepper.perUnit;
      const position = {
        dealId: standing.dealId,
        clientRef: standing.orderId,
        lots: decision.lots / 100,
        level: fill,
        openedAt: new Date(event.time),
      };
      this.hold(cycle, decision.level, position, fill);
      return;
    }
    // The paper book exits at the bid.
    const exits = this.cycle!.positions.map(() => ({ level: decision.bid / this.stepper.perUnit }));
    await this.closed(this.cycle!, decision.reason, decision, event.time, standing.orderId, exits);
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

  /** Keeps a position the cycle opened at this level, with the fill its decision expected. */
  hold(cycle: LiveCycle, level: number, position: BrokerPosition, expectedFill: number): void {
    cycle.positions.push({
      dealId: position.dealId,
      level,
      lots: position.lots,
      fill: position.level,
      expectedFill,
      profitLevel: position.profitLevel,
    });
    if (position.level !== expectedFill) this.fillsDiffer = true;
    if (cycle.positions.length === 1) {
      this.options.logger.info(
        { cycleId: cycle.id, lots: position.lots, price: position.level },
        'cycle opened',
      );
    }
  }

  /** Writes the closed cycle as one transaction (live-cycle.ts books it) and adds its result to what was booked. */
  async closed(
    cycle: LiveCycle,
    reason: ClosedCycleRecord['reason'],
    decision: Pick<ExitDecision, 'bid' | 'quantity' | 'eur'> | null,
    closedAt: number,
    closeId: string,
    exits: readonly Pick<BrokerExit, 'level'>[],
    /** The price's own time, whose day picks the EURUSD rate (engine.md section 1). */
    fxAt: number = closedAt,
  ): Promise<number> {
    const record = bookClosedCycle(cycle, exits, decision, {
      closeId,
      reason,
      closedAt,
      perUnit: this.stepper.perUnit,
      contractSize: this.setup.instrument.contractSize,
      fxRate: this.fxRate(fxAt),
    });
    await this.ledger.closeCycle(record);
    const { lots, profitLoss } = record;
    this.options.logger.info({ cycleId: cycle.id, reason, lots, profitLoss }, 'cycle closed');
    if (this.cycle === cycle) this.cycle = null;
    this.realised += profitLoss;
    return profitLoss;
  }

  order(
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
      createdAt: this.timers.now(),
    };
  }

  /** The open cycle's stop as a bid, null when it never fires. */
  cycleStop(): number | null {
    const stop = this.stepper.openStop;
    return stop === null ? null : stop / this.stepper.perUnit;
  }

  /** The cycle's take profit (a bid) once an entry of these lots fills at this price: the average fill plus the target. */
  takeProfitAfter(cycle: LiveCycle, lots: number, fill: number): number {
    let quantity = Math.round(lots * 100);
    let cost = quantity * this.stepper.toMilli(fill);
    for (const position of cycle.positions) {
      const held = Math.round(position.lots * 100);
      quantity += held;
      cost += held * this.stepper.toMilli(position.fill);
    }
    return (cost / quantity + this.target) / this.stepper.perUnit;
  }

  /** The fill an order's decision expected: its limit, or the bid it was decided on plus the spread. */
  expectedFillOf(record: OrderRecord): number {
    return record.limitLevel ?? (this.stepper.toMilli(record.bid) + this.spread) / this.stepper.perUnit;
  }

  /** Waits with the reason on the investment; a closed market takes precedence over the lesser waits. */
  async pauseFor(kind: Pause['kind'], reason: string, reopensAt: number | null = null): Promise<void> {
    if (this.pause?.reason === reason) return;
    this.pause = { kind, reason };
    this.options.logger.warn({ reason }, 'bot waits');
    await this.ledger.note(reason, reopensAt);
  }

  /** Waits for a closed market, telling when its calendar says it reopens (the alerts weigh the pause by it). */
  private pauseForClosedMarket({ reason, reopensAt }: MarketClosure): Promise<void> {
    return this.pauseFor('market-closed', reason, reopensAt);
  }

  async resume(): Promise<void> {
    if (!this.pause) return;
    this.pause = null;
    this.options.logger.info({}, 'bot trades again');
    await this.ledger.note(null);
  }

  /** Paused for a closed market: asks the broker (not more often than every few seconds) whether it reopened. */
  private async reopened(): Promise<boolean> {
    const now = this.timers.now();
    if (now - this.lastMarketCheck < 5_000) return false;
    this.lastMarketCheck = now;
    // A broker that cannot say leaves the bot paused: it asks again at the next look.
    const closed = await this.broker.marketClosed?.().catch(() => noReopening('unknown'));
    if (closed) return false;
    await this.resume();
    await this.keepResting().catch((error: unknown) => this.recover(error));
    return true;
  }

  /**
   * Between prices, a bot whose broker holds orders looks at it now and then: paused for a closed
   * market, whether it reopened (so the investment's reason is right, and it resumes even before
   * the first quote); without a price for a while, whether its market closed (quotes stopping is
   * how a weekend begins); and whether its resting level filled on a price it did not see.
   */
  private armWatch(): void {
    if (!this.broker.marketClosed || this.stopping || this.haltedWith !== null) return;
    this.timers.clearTimeout(this.watchTimer);
    this.watchTimer = this.timers.setTimeout(() => {
      this.watchTimer = null;
      void this.watch().catch((error: unknown) =>
        this.options.logger.warn({ error: String(error) }, 'broker check failed'),
      );
    }, this.watchMs);
  }

  private async watch(): Promise<void> {
    if (this.stopping || this.haltedWith !== null) return;
    // Prices are being handled: they look at the broker themselves.
    if (this.draining) return this.armWatch();
    this.draining = this.look()
      .catch((error: unknown) => this.recover(error))
      .finally(() => {
        this.draining = null;
        this.kick();
      });
    await this.draining;
    this.armWatch();
  }

  private async look(): Promise<void> {
    if (this.pause?.kind === 'market-closed') {
      this.lastMarketCheck = Number.NEGATIVE_INFINITY;
      await this.reopened();
    } else if (this.pause) return;
    else if (this.timers.now() - this.lastPriceAt >= this.marketCheckMs) {
      const closed = await this.broker.marketClosed!();
      if (closed) await this.pauseForClosedMarket(closed);
    } else if (this.resting && this.cycle) {
      const { record, workingOrderId } = this.resting;
      const filled = await this.sender.restingFill(record, workingOrderId);
      if (!filled) return;
      // Filled on a price the bot did not decide on: a level the cycle holds now.
      this.resting = null;
      this.hold(this.cycle, record.level ?? 0, filled, record.limitLevel ?? filled.level);
      this.resync();
      await this.keepResting();
    }
  }

  /** A problem that needs a person halts the bot with its reason; anything else ends the process, which starts again. */
  private async failWith(error: unknown): Promise<void> {
    if (error instanceof BrokerError && error.permanent) {
      await this.halt(error.message);
      return;
    }
    throw error;
  }

  private async halt(message: string): Promise<void> {
    if (this.haltedWith !== null) return;
    this.haltedWith = message;
    this.timers.clearTimeout(this.watchTimer);
    this.options.logger.error({ reason: message }, 'bot halted');
    await this.ledger.halt(message);
  }
}
