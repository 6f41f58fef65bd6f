// The `capital` broker (DESIGN.md section 7): a bot's market traded on Capital.com's REST API v1
// through its account's link (one session and one request budget per account, capital-link.ts).
// - Sizes are Capital.com's: engine lots converted with the market's dealing rules read at start
//   (capital-sizes.ts); a grid whose orders it would refuse is refused before any order.
// - Capital.com keeps no client order id: the reference each request returns is written to the
//   bot's journal the moment it answers, and an outcome nobody knows is looked up (its reference's
//   confirmation, positions, working orders, activity), never sent again (capital-find-opened.ts).
// - Every position holds the cycle's stop and take profit, the next level rests as a working
//   order: Capital.com closes and fills by itself while the bot is away, and the activity history
//   tells the bot afterwards how (capital-closed-outside.ts).
import type { Market } from '@platform/contracts';
import type { InstrumentSpec } from '@platform/engine';
import {
  BrokerError,
  type Broker,
  type BrokerExit,
  type BrokerPosition,
  type MarketClosure,
  type OpenOrder,
  type OrderJournal,
  type OrderOutcome,
  type OutsideExit,
} from '../broker';
import { realTimers, type Timers } from '../../timers';
import { lookForClosed } from './capital-closed-outside';
import { CapitalApiError } from './capital-http';
import {
  awaitConfirm,
  openedDealId,
  readConfirm,
  rejectionReason,
  sendDelete,
  sendProtected,
  workingOrderIdOf,
  type ConfirmPolling,
  type SentDeal,
} from './capital-deals';
import {
  type FoundPosition,
  type SentOrder,
  lookForFilled,
  lookForOpened,
  lookForResting,
  readOpenPositions,
  readWorkingOrders,
} from './capital-find-opened';
import type { CapitalLink } from './capital-link';
import { type CapitalMarket, marketClosure, resolveMarket } from './capital-market';
import { silentLogger } from './capital-ports';
import { dealRejected } from './capital-problems';
import type { Confirm } from './capital-schemas';
import { limitPrice, lotsOfSize, sizeOfLots, sizeProblem } from './capital-sizes';
import type { Logger } from '../../../lib/logger';

export interface CapitalBrokerOptions {
  link: CapitalLink;
  market: Market;
  /** The engine's instrument: its contract size converts lots to Capital.com's sizes. */
  instrument: InstrumentSpec;
  /** Where each request's reference is written the moment it answers (the bot's ledger). */
  journal?: OrderJournal;
  logger?: Pick<Logger, 'info' | 'warn'>;
  timers?: Timers;
  /** How long a deal's confirmation is polled for, and how often. Defaults 10 s, 250 ms. */
  confirmTimeoutMs?: number;
  confirmIntervalMs?: number;
  /** How much earlier than the intent a found deal may have been made (clocks that disagree). Default 2 s. */
  clockAllowanceMs?: number;
}

export class CapitalBroker implements Broker {
  readonly #options: CapitalBrokerOptions;
  readonly #link: CapitalLink;
  readonly #timers: Timers;
  readonly #logger: Pick<Logger, 'info' | 'warn'>;
  readonly #polling: ConfirmPolling;
  #market: CapitalMarket | null = null;
  /** The reference each order's request got, by clientRef, for a look-up in this run. */
  readonly #references = new Map<string, string>();
  /** Positions and working orders that are the bot's: a look-up never hands them out again. */
  readonly #taken = new Set<string>();

  constructor(options: CapitalBrokerOptions) {
    this.#options = options;
    this.#link = options.link;
    this.#timers = options.timers ?? realTimers;
    this.#logger = options.logger ?? silentLogger;
    this.#polling = {
      timers: this.#timers,
      timeoutMs: options.confirmTimeoutMs ?? 10_000,
      intervalMs: options.confirmIntervalMs ?? 250,
    };
  }

  async connect(): Promise<void> {
    this.#market = await resolveMarket(this.#link, this.#options.market);
    this.#logger.info({ market: this.#options.market, ...this.#market }, 'Capital.com market ready');
  }

  marketClosed(): Promise<MarketClosure | null> {
    return marketClosure(this.#link, this.#require().epic, this.#timers.now());
  }

  sizeProblem(lots: readonly number[]): string | null {
    const { epic, rules } = this.#require();
    return sizeProblem(lots, this.#options.instrument.contractSize, rules, epic);
  }

  async send(order: OpenOrder): Promise<OrderOutcome> {
    const { epic, rules } = this.#require();
    const size = this.#sizeOf(order.lots);
    const limit = order.limitLevel === null ? null : limitPrice(order.limitLevel, rules);
    const deal =
      limit === null ? `l'apertura della posizione su ${epic}` : `l'ordine pendente su ${epic} a ${limit}`;
    const sent = await sendProtected(
      this.#link,
      limit === null
        ? { method: 'POST', path: '/api/v1/positions', body: { epic, direction: 'BUY', size } }
        : {
            method: 'POST',
            path: '/api/v1/workingorders',
            body: { epic, direction: 'BUY', size, level: limit, type: 'LIMIT' },
          },
      order,
      rules,
      deal,
    );
    this.#references.set(order.clientRef, sent.dealReference);
    await this.#options.journal?.sent(order.clientRef, sent.dealReference);
    const confirm = await awaitConfirm(this.#link, sent.dealReference, this.#polling);
    if (confirm.dealStatus === 'REJECTED') throw dealRejected(deal, rejectionReason(confirm));
    const outcome = await this.#outcomeOf(order, confirm, sent);
    if (!outcome) {
      throw new BrokerError(
        `Capital.com ha confermato ${sent.dealReference} senza indicare la posizione aperta`,
        'unavailable',
      );
    }
    return outcome;
  }

  async lookUp(order: OpenOrder): Promise<OrderOutcome | null> {
    const reference = order.dealReference ?? this.#references.get(order.clientRef) ?? null;
    if (reference) {
      const confirm = await readConfirm(this.#link, reference);
      if (confirm?.dealStatus === 'REJECTED')
        return { kind: 'absent', reason: `Capital.com ha rifiutato l'ordine (${rejectionReason(confirm)})` };
      const outcome = confirm && (await this.#outcomeOf(order, confirm, null));
      if (outcome) return outcome;
    }
    const sent = this.#sentOrder(order);
    if (sent.level === null) {
      const position = await lookForOpened(this.#link, sent, this.#timers.now());
      return position && { kind: 'filled', position: this.#position(order, position) };
    }
    const resting = await lookForResting(this.#link, sent);
    if (resting) return this.#resting(resting, order.stopLevel);
    const filled = await lookForFilled(this.#link, null, sent, this.#timers.now());
    return filled && { kind: 'filled', position: this.#position(order, filled) };
  }

  async restingFill(workingOrderId: string, order: OpenOrder): Promise<BrokerPosition | null> {
    const stillResting = (await readWorkingOrders(this.#link, "la lettura dell'ordine pendente")).some(
      (row) => row.dealId === workingOrderId,
    );
    if (stillResting) return null;
    const filled = await lookForFilled(
      this.#link,
      workingOrderId,
      this.#sentOrder(order),
      this.#timers.now(),
    );
    return filled && this.#position(order, filled);
  }

  async cancelResting(workingOrderId: string, order: OpenOrder): Promise<BrokerPosition | null> {
    const deal = `il ritiro dell'ordine pendente ${workingOrderId}`;
    const reference = await sendDelete(
      this.#link,
      `/api/v1/workingorders/${encodeURIComponent(workingOrderId)}`,
      deal,
    );
    if (reference !== null) {
      const confirm = await awaitConfirm(this.#link, reference, this.#polling);
      if (confirm.dealStatus === 'REJECTED') throw dealRejected(deal, rejectionReason(confirm));
      this.#taken.delete(workingOrderId);
      return null;
    }
    // Gone already: filled (don't assume unfilled when a cancel fails, research/live-orders.md), or deleted.
    const filled = await lookForFilled(
      this.#link,
      workingOrderId,
      this.#sentOrder(order),
      this.#timers.now(),
    );
    return filled && this.#position(order, filled);
  }

  /** A position closed meanwhile (by its stop or take profit) needs no take profit: the bot finds its close at its next decision. */
  async moveTakeProfit(dealId: string, profitLevel: number): Promise<void> {
    const { rules } = this.#require();
    const deal = `la modifica del take profit della posizione ${dealId}`;
    const sent = await sendProtected(
      this.#link,
      { method: 'PUT', path: `/api/v1/positions/${encodeURIComponent(dealId)}`, body: {} },
      { stopLevel: null, profitLevel },
      rules,
      deal,
    ).catch((error: unknown) => {
      if (error instanceof CapitalApiError && error.errorCode === 'error.not-found.dealId') return null;
      throw error;
    });
    if (!sent) return;
    const confirm = await awaitConfirm(this.#link, sent.dealReference, this.#polling);
    if (confirm.dealStatus === 'REJECTED') throw dealRejected(deal, rejectionReason(confirm));
  }

  /**
   * Capital.com closes at its own market price; the bid the decision saw is not sent. A position it
   * no longer holds was closed already, most often by its stop or take profit on the same move:
   * that close answers. Until the activity history shows it (how soon it does is not documented)
   * the outcome is 'unavailable', and the bot asks again.
   */
  async closePosition(dealId: string, _bid: number): Promise<BrokerExit> {
    const deal = `la chiusura della posizione ${dealId}`;
    const reference = await sendDelete(this.#link, `/api/v1/positions/${encodeURIComponent(dealId)}`, deal);
    if (reference === null) {
      const closed = (await this.closedOutside([dealId])).get(dealId);
      if (!closed) {
        throw new BrokerError(
          `Capital.com non trova la posizione ${dealId} né la sua chiusura: forse è già chiusa`,
          'unavailable',
        );
      }
      this.#taken.delete(dealId);
      return closed;
    }
    const confirm = await awaitConfirm(this.#link, reference, this.#polling);
    if (confirm.dealStatus === 'REJECTED') throw dealRejected(deal, rejectionReason(confirm));
    if (typeof confirm.level !== 'number') {
      throw new BrokerError(
        `Capital.com ha confermato ${reference} senza il prezzo di chiusura`,
        'unavailable',
      );
    }
    this.#taken.delete(dealId);
    return { dealId, level: confirm.level, closedAt: new Date(this.#timers.now()) };
  }

  closedOutside(dealIds: readonly string[]): Promise<Map<string, OutsideExit>> {
    return lookForClosed(this.#link, this.#require().epic, dealIds);
  }

  async positions(): Promise<BrokerPosition[]> {
    const { epic } = this.#require();
    // The bot only buys: a short on its market was opened by someone else and is not its own.
    return (await readOpenPositions(this.#link, 'la lettura delle posizioni'))
      .filter(({ position, market }) => market.epic === epic && position.direction === 'BUY')
      .map(({ position }) => ({
        dealId: position.dealId,
        clientRef: null,
        lots: lotsOfSize(position.size, this.#options.instrument.contractSize, this.#require().rules),
        level: position.level,
        openedAt: position.createdDateUTC,
        stopLevel: position.stopLevel ?? null,
      }));
  }

  adopt(held: { positions: readonly BrokerPosition[]; workingOrderIds: readonly string[] }): void {
    for (const position of held.positions) this.#taken.add(position.dealId);
    for (const workingOrderId of held.workingOrderIds) this.#taken.add(workingOrderId);
  }

  /** The market's epic, once connected: a bot asks the hub for its quotes. */
  get epic(): string {
    return this.#require().epic;
  }

  /** The link is the account's, shared with its other bots: the server closes it. */
  disconnect(): Promise<void> {
    return Promise.resolve();
  }

  #require(): CapitalMarket {
    if (!this.#market) throw new Error('CapitalBroker: connect() must succeed before trading');
    return this.#market;
  }

  #sizeOf(lots: number): number {
    const { epic, rules } = this.#require();
    const size = sizeOfLots(lots, this.#options.instrument.contractSize, rules);
    if (size < rules.minDealSize || size > rules.maxDealSize) {
      throw new BrokerError(
        sizeProblem([lots], this.#options.instrument.contractSize, rules, epic) as string,
        'size',
      );
    }
    return size;
  }

  #sentOrder(order: OpenOrder): SentOrder {
    const { epic, rules } = this.#require();
    return {
      epic,
      size: sizeOfLots(order.lots, this.#options.instrument.contractSize, rules),
      level: order.limitLevel === null ? null : limitPrice(order.limitLevel, rules),
      from: order.sentAt.getTime() - (this.#options.clockAllowanceMs ?? 2_000),
      taken: this.#taken,
    };
  }

  /** What an accepted confirmation says became of the order: its position, or its working order (filled since, perhaps). */
  async #outcomeOf(order: OpenOrder, confirm: Confirm, sent: SentDeal | null): Promise<OrderOutcome | null> {
    if (order.limitLevel !== null) {
      const workingOrderId = workingOrderIdOf(confirm);
      if (workingOrderId === null) return null;
      if (sent === null) {
        const filled = await this.restingFill(workingOrderId, order);
        if (filled) return { kind: 'filled', position: filled };
      }
      return this.#resting(workingOrderId, sent ? sent.stopLevel : order.stopLevel);
    }
    const dealId = openedDealId(confirm);
    if (dealId === null || typeof confirm.level !== 'number') return null;
    const size = confirm.size ?? this.#sentOrder(order).size;
    return {
      kind: 'filled',
      position: this.#position(order, {
        dealId,
        size,
        level: confirm.level,
        openedAt: new Date(this.#timers.now()),
        stopLevel: sent ? sent.stopLevel : null,
        profitLevel: sent ? order.profitLevel : null,
      }),
    };
  }

  #resting(workingOrderId: string, stopLevel: number | null): OrderOutcome {
    this.#taken.add(workingOrderId);
    return { kind: 'resting', workingOrderId, stopLevel };
  }

  /** A position the order opened, in lots; it is the bot's from now on. */
  #position(order: OpenOrder, found: FoundPosition): BrokerPosition {
    this.#taken.add(found.dealId);
    this.#references.delete(order.clientRef);
    const { size, ...position } = found;
    return {
      ...position,
      clientRef: order.clientRef,
      lots: lotsOfSize(size, this.#options.instrument.contractSize, this.#require().rules),
    };
  }
}
