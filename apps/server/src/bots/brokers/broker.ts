// What a bot needs from a broker (DESIGN.md section 7): open and close positions on its market,
// list what is open, and find out after a timeout whether an order went through. Prices are in
// the instrument's price units (bid prices; a buy fills at the ask). Every order carries our
// client reference, the id of the intent the bot wrote before sending it: a broker that accepts
// no client order id (Capital.com) keeps it on our side and, after a timeout, looks for the order
// before it sends it again (spec/capital-api.md section 9).

/** An order to open a long position on the bot's market. */
export interface OpenOrder {
  /** Our intent's id; the same on every retry of the same order. */
  clientRef: string;
  /** Lots (contracts of the instrument), two decimals. */
  lots: number;
  /** The bid the decision was taken on: the paper broker fills at it plus the spread. */
  bid: number;
  /** When the intent was written: a look-up after a timeout matches orders from then on. */
  sentAt: Date;
  /**
   * The cycle's stop (a bid), null when it never fires. A broker that can hold it with the
   * position (Capital.com's stopLevel) closes the position there by itself, even while the bot is
   * away; the paper book leaves it to the bot.
   */
  stopLevel: number | null;
}

/** A position the broker holds for the bot. */
export interface BrokerPosition {
  dealId: string;
  /** Our intent's id, where the broker keeps it (paper) or the bot matched it (capital). */
  clientRef: string | null;
  lots: number;
  /** The fill price (ask). */
  level: number;
  openedAt: Date;
}

/** A confirmed close of one position. */
export interface BrokerExit {
  dealId: string;
  /** The exit price (bid). */
  level: number;
  closedAt: Date;
  /** True when the broker's own stop had closed it before it was asked to (the stopLevel sent with it). */
  byStop?: boolean;
}

/** A close the broker made by itself, or someone made outside the bot: whether its stop made it is known. */
export type OutsideExit = Required<BrokerExit>;

/** Why a broker refused or failed; `permanent` problems stop the bot in state 2 (error). */
export type BrokerProblem =
  | 'credentials' // wrong or revoked credentials
  | 'rejected' // the broker refused the deal (its reason in the message)
  | 'market-closed'
  | 'funds' // not enough money on the account
  | 'not-tradable' // unknown instrument, or not tradable on this account
  | 'unavailable'; // timeout or network failure: the outcome is unknown, the bot reconciles

export class BrokerError extends Error {
  constructor(
    /** Readable, in Italian: it is shown on the investment. */
    message: string,
    readonly problem: BrokerProblem,
  ) {
    super(message);
    this.name = 'BrokerError';
  }

  /** Everything but a timeout or a network failure needs a person: retrying cannot help. */
  get permanent(): boolean {
    return this.problem !== 'unavailable';
  }
}

export interface Quote {
  bid: number;
  ask: number;
  /** Broker time of the quote, ms since the epoch. */
  time: number;
}

export interface Broker {
  /** Logs in and checks the instrument; throws BrokerError('credentials' | 'not-tradable' | ...). */
  connect(): Promise<void>;
  /** Opens a long position; resolves with the fill once the broker confirmed it. */
  openPosition(order: OpenOrder): Promise<BrokerPosition>;
  /**
   * Closes one position at the market; `bid` is the price the decision was taken on (paper fills
   * there). A position the broker already closed by itself (its stop) answers that close.
   */
  closePosition(dealId: string, bid: number): Promise<BrokerExit>;
  /** Every open position of the bot's market on the account. */
  positions(): Promise<BrokerPosition[]>;
  /**
   * After a timeout: the position this order opened, if it went through, else null. Only then
   * may the bot send the order again.
   */
  findOpened(order: OpenOrder): Promise<BrokerPosition | null>;
  /**
   * After a restart: the positions the bot's own records say it holds, so that a look-up for an
   * unconfirmed order never takes one of them for it (a broker that keeps no client reference
   * matches by market, size and time).
   */
  adopt?(positions: readonly BrokerPosition[]): void;
  /**
   * How positions the records hold but the broker no longer does were closed (by its stop, or by
   * a person), by deal id; those it cannot tell are left out. Only a broker that holds stops
   * closes by itself; the paper book has no such method.
   */
  closedOutside?(dealIds: readonly string[]): Promise<Map<string, OutsideExit>>;
  /** Live quotes of the bot's market; the returned function unsubscribes. */
  subscribeQuotes?(onQuote: (quote: Quote) => void): () => void;
  /** Logs out and drops the stream. */
  disconnect(): Promise<void>;
}
