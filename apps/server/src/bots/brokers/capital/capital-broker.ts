// The `capital` broker (DESIGN.md section 7): a bot's market traded on Capital.com's REST API v1,
// with quotes from its WebSocket stream. Capital.com keeps no client order id, so this adapter
// keeps the link between our intents and Capital.com's deals: the deal reference each intent's
// POST returned, and the position each intent opened. After a timeout, findOpened asks the
// confirmation first, then the open positions and the activity history (spec section 9). Each
// position holds its cycle's stop at Capital.com, which closes it there even while the bot is away;
// the activity history then tells the bot how it was closed.
import type { Market } from '@platform/contracts';
import {
  BrokerError,
  type Broker,
  type BrokerExit,
  type BrokerPosition,
  type OpenOrder,
  type OutsideExit,
  type Quote,
} from '../broker';
import {
  awaitConfirm,
  openedDealId,
  rejectionReason,
  sendClose,
  sendOpen,
  type ConfirmPolling,
} from './capital-deals';
import { lookForClosed } from './capital-closed-outside';
import { lookForOpened, readOpenPositions } from './capital-find-opened';
import { type CapitalMarket, resolveMarket } from './capital-market';
import { type CapitalLogger, type Timers, realTimers, silentLogger } from './capital-ports';
import { dealRejected } from './capital-problems';
import type { Confirm } from './capital-schemas';
import { type CapitalCredentials, CapitalSession } from './capital-session';
import { CapitalQuoteStream, DEFAULT_STREAM_TIMING, type StreamTiming } from './capital-stream';

export interface CapitalBrokerOptions {
  /** REST base, without /api/v1: CAPITAL_API_URL or CAPITAL_DEMO_API_URL. */
  apiUrl: string;
  /** The quote stream's URL, with its /connect path: CAPITAL_STREAM_URL. */
  streamUrl: string;
  credentials: CapitalCredentials;
  market: Market;
  logger?: CapitalLogger;
  timers?: Timers;
  /** Per REST call; past it an order's outcome is unknown. Default 10 s. */
  requestTimeoutMs?: number;
  /** How long a deal's confirmation is polled for, and how often. Defaults 10 s, 250 ms. */
  confirmTimeoutMs?: number;
  confirmIntervalMs?: number;
  /** Silence after which the REST session pings. Default 5 minutes (it lapses after 10). */
  keepAliveMs?: number;
  /** Spacing of logins; Capital.com allows one per second per API key. */
  minLoginIntervalMs?: number;
  /** How much earlier than the intent's sentAt a found position may have been opened. Default 2 s. */
  clockAllowanceMs?: number;
  stream?: Partial<StreamTiming>;
}

export class CapitalBroker implements Broker {
  readonly #options: CapitalBrokerOptions;
  readonly #timers: Timers;
  readonly #logger: CapitalLogger;
  readonly #session: CapitalSession;
  readonly #polling: ConfirmPolling;
  #market: CapitalMarket | null = null;
  #stream: CapitalQuoteStream | null = null;
  /** Deal reference of each intent's POST, for the confirmation a timeout left unread. */
  readonly #references = new Map<string, string>();
  /** The position each intent opened, by clientRef. */
  readonly #opened = new Map<string, BrokerPosition>();

  constructor(options: CapitalBrokerOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
    this.#logger = options.logger ?? silentLogger;
    this.#session = new CapitalSession({
      apiUrl: options.apiUrl,
      credentials: options.credentials,
      timers: this.#timers,
      logger: this.#logger,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      keepAliveMs: options.keepAliveMs ?? 5 * 60_000,
      minLoginIntervalMs: options.minLoginIntervalMs ?? 1_000,
    });
    this.#polling = {
      timers: this.#timers,
      timeoutMs: options.confirmTimeoutMs ?? 10_000,
      intervalMs: options.confirmIntervalMs ?? 250,
    };
  }

  async connect(): Promise<void> {
    await this.#session.tokens();
    this.#market = await resolveMarket(this.#session, this.#options.market);
    this.#logger.info({ market: this.#options.market, ...this.#market }, 'Capital.com market ready');
  }

  async openPosition(order: OpenOrder): Promise<BrokerPosition> {
    const { epic, minDealSize } = this.#requireMarket();
    // The same intent sent again after it went through gets the position it opened, not another.
    const already = this.#opened.get(order.clientRef);
    if (already) return already;
    if (order.lots < minDealSize) {
      throw new BrokerError(
        `Capital.com non accetta ${order.lots} lotti su ${epic}: il minimo è ${minDealSize}`,
        'rejected',
      );
    }
    const deal = `l'apertura della posizione su ${epic}`;
    const reference = await sendOpen(this.#session, epic, order.lots, order.stopLevel, deal);
    this.#references.set(order.clientRef, reference);
    const confirm = await awaitConfirm(this.#session, reference, this.#polling);
    if (confirm.dealStatus === 'REJECTED') {
      this.#references.delete(order.clientRef);
      throw dealRejected(deal, rejectionReason(confirm));
    }
    const position = this.#fromConfirm(order, confirm);
    if (!position) {
      throw new BrokerError(
        `Capital.com ha confermato ${reference} senza indicare la posizione aperta`,
        'unavailable',
      );
    }
    return this.#remember(position);
  }

  /**
   * Capital.com closes at its own market price; the bid the decision saw is not sent. A position it
   * no longer holds was closed already, most often by its stop on the same fall: that close answers.
   * Until the activity history shows that close (how soon it does is not documented) the outcome is
   * 'unavailable': the bot then finds the position gone and takes its decided bid.
   */
  async closePosition(dealId: string, _bid: number): Promise<BrokerExit> {
    const deal = `la chiusura della posizione ${dealId}`;
    const reference = await sendClose(this.#session, dealId, deal);
    if (reference === null) {
      const closed = (await this.closedOutside([dealId])).get(dealId);
      if (!closed) {
        throw new BrokerError(
          `Capital.com non trova la posizione ${dealId} né la sua chiusura: forse è già chiusa`,
          'unavailable',
        );
      }
      this.#forget(dealId);
      return closed;
    }
    const confirm = await awaitConfirm(this.#session, reference, this.#polling);
    if (confirm.dealStatus === 'REJECTED') throw dealRejected(deal, rejectionReason(confirm));
    if (typeof confirm.level !== 'number') {
      throw new BrokerError(
        `Capital.com ha confermato ${reference} senza il prezzo di chiusura`,
        'unavailable',
      );
    }
    this.#forget(dealId);
    return { dealId, level: confirm.level, closedAt: new Date(this.#timers.now()) };
  }

  closedOutside(dealIds: readonly string[]): Promise<Map<string, OutsideExit>> {
    return lookForClosed(this.#session, this.#requireMarket().epic, dealIds);
  }

  async positions(): Promise<BrokerPosition[]> {
    const { epic } = this.#requireMarket();
    const clientRefs = new Map(
      [...this.#opened].map(([clientRef, position]) => [position.dealId, clientRef]),
    );
    // The bot only buys: a short on its market was opened by someone else and is not its own.
    return (await readOpenPositions(this.#session, 'la lettura delle posizioni'))
      .filter(({ position, market }) => market.epic === epic && position.direction === 'BUY')
      .map(({ position }) => ({
        dealId: position.dealId,
        clientRef: clientRefs.get(position.dealId) ?? null,
        lots: position.size,
        level: position.level,
        openedAt: position.createdDateUTC,
      }));
  }

  adopt(positions: readonly BrokerPosition[]): void {
    for (const position of positions) if (position.clientRef) this.#opened.set(position.clientRef, position);
  }

  async findOpened(order: OpenOrder): Promise<BrokerPosition | null> {
    const { epic } = this.#requireMarket();
    const known = this.#opened.get(order.clientRef);
    if (known) return known;
    const reference = this.#references.get(order.clientRef);
    if (reference) {
      const confirmed = await this.#readConfirm(reference);
      if (confirmed?.dealStatus === 'REJECTED') return null;
      const position = confirmed && this.#fromConfirm(order, confirmed);
      if (position) return this.#remember(position);
    }
    const taken = new Set([...this.#opened.values()].map((position) => position.dealId));
    const found = await lookForOpened(this.#session, {
      epic,
      order,
      taken,
      clockAllowanceMs: this.#options.clockAllowanceMs ?? 2_000,
      now: this.#timers.now(),
    });
    return found && this.#remember(found);
  }

  subscribeQuotes(onQuote: (quote: Quote) => void): () => void {
    const { epic } = this.#requireMarket();
    this.#stream ??= new CapitalQuoteStream({
      url: this.#options.streamUrl,
      epic,
      auth: this.#session,
      timers: this.#timers,
      logger: this.#logger,
      timing: { ...DEFAULT_STREAM_TIMING, ...this.#options.stream },
    });
    return this.#stream.subscribe(onQuote);
  }

  async disconnect(): Promise<void> {
    this.#stream?.close();
    this.#stream = null;
    await this.#session.end();
  }

  #requireMarket(): CapitalMarket {
    if (!this.#market) throw new Error('CapitalBroker: connect() must succeed before trading');
    return this.#market;
  }

  /** One read of a confirmation, null when it cannot be read now: other look-ups follow. */
  async #readConfirm(reference: string): Promise<Confirm | null> {
    try {
      return await awaitConfirm(this.#session, reference, { ...this.#polling, timeoutMs: 0 });
    } catch (error) {
      if (error instanceof BrokerError && error.problem === 'unavailable') return null;
      throw error;
    }
  }

  /**
   * The position of an accepted open. Its time is our clock's: the confirmation's `date` is in the
   * account's time zone, and GET /positions later tells the exact createdDateUTC.
   */
  #fromConfirm(order: OpenOrder, confirm: Confirm): BrokerPosition | null {
    const dealId = openedDealId(confirm);
    if (dealId === null || typeof confirm.level !== 'number') return null;
    return {
      dealId,
      clientRef: order.clientRef,
      lots: confirm.size ?? order.lots,
      level: confirm.level,
      openedAt: new Date(this.#timers.now()),
    };
  }

  #forget(dealId: string): void {
    for (const [clientRef, position] of this.#opened) {
      if (position.dealId === dealId) this.#opened.delete(clientRef);
    }
  }

  #remember(position: BrokerPosition): BrokerPosition {
    if (position.clientRef !== null) {
      this.#opened.set(position.clientRef, position);
      this.#references.delete(position.clientRef);
    }
    return position;
  }
}
