// What a bot needs from a broker (DESIGN.md section 7): send and take back orders on its market,
// close positions, list what is open, and learn an order's outcome after nobody knew it. Prices
// are in the instrument's price units (bid prices; a buy fills at the ask), sizes in the engine's
// lots (a broker that counts otherwise converts). Every order carries our client reference, the
// id of the intent the bot wrote before sending it. A broker that accepts no client order id
// (Capital.com) cannot be asked again blindly: after an unknown outcome the bot only looks the
// order up (research/live-orders.md), and sends nothing new until the broker has told.

/** An order to buy on the bot's market: at the market now, or resting until the ask comes down to a level. */
export interface OpenOrder {
  /** Our intent's id. */
  clientRef: string;
  /** Lots (contracts of the instrument), two decimals. */
  lots: number;
  /** The bid the decision was taken on: the paper broker fills at it plus the spread. */
  bid: number;
  /** When the intent was written: a look-up matches orders from then on. */
  sentAt: Date;
  /**
   * The cycle's stop (a bid), null when it never fires. A broker that can hold it with the
   * position (Capital.com's stopLevel) closes the position there by itself, even while the bot is
   * away; the paper book leaves it to the bot.
   */
  stopLevel: number | null;
  /** The cycle's take profit once this order has filled (a bid): held the same way, where it can be. */
  profitLevel: number | null;
  /** A working order resting at the broker until the ask comes down to this level; null: at the market. */
  limitLevel: number | null;
  /** The broker's reference of the request that sent it, when it answered before a restart. */
  dealReference: string | null;
}

/** A position the broker holds for the bot. */
export interface BrokerPosition {
  dealId: string;
  /** Our intent's id, where the broker keeps it (paper) or the bot matched it (capital). */
  clientRef: string | null;
  /** In the engine's lots, converted from the broker's size. */
  lots: number;
  /** The fill price (ask). */
  level: number;
  openedAt: Date;
  /** The stop the broker holds with it, where it holds one (it may lie under the one asked for). */
  stopLevel?: number | null;
  /** The take profit the broker holds with it, where it holds one. */
  profitLevel?: number | null;
}

/** What closed a position the bot did not close itself. */
export type ExitCause = 'stop' | 'take-profit' | 'other';

/** A confirmed close of one position. */
export interface BrokerExit {
  dealId: string;
  /** The exit price (bid). */
  level: number;
  closedAt: Date;
  /** Set when the broker had closed it by itself (its stop or take profit) before it was asked to. */
  cause?: ExitCause;
}

/** A close the broker made by itself, or someone made outside the bot: what made it is known. */
export type OutsideExit = Required<BrokerExit>;

/** What became of an order that was sent. */
export type OrderOutcome =
  | { kind: 'filled'; position: BrokerPosition }
  | { kind: 'resting'; workingOrderId: string; stopLevel: number | null }
  /** The broker proved it opened nothing: it refused the order, for this reason. */
  | { kind: 'absent'; reason: string };

/** Why a broker refused or failed. */
export type BrokerProblem =
  | 'credentials' // wrong or revoked credentials
  | 'rejected' // the broker refused the deal (its reason in the message)
  | 'size' // the grid's sizes are outside what the broker deals in
  | 'market-closed' // closed, offline or suspended: the bot waits for the reopening
  | 'funds' // not enough money on the account
  | 'not-tradable' // unknown instrument, or not tradable on this account
  | 'price-passed' // a working order's level the price is past already: nothing rests, the level goes at the market
  | 'unavailable'; // timeout, network failure, rate limit: the outcome is unknown, the bot finds out

export class BrokerError extends Error {
  constructor(
    /** Readable, in Italian: it is shown on the investment. */
    message: string,
    readonly problem: BrokerProblem,
  ) {
    super(message);
    this.name = 'BrokerError';
  }

  /** Needs a person (state 2): credentials, funds, sizes, an instrument; waiting cannot mend it. */
  get permanent(): boolean {
    return (
      this.problem !== 'unavailable' && this.problem !== 'market-closed' && this.problem !== 'price-passed'
    );
  }
}

export interface Quote {
  bid: number;
  ask: number;
  /** Broker time of the quote, ms since the epoch. */
  time: number;
}

/** Where a broker writes the reference its request got, the moment it answers (the bot's ledger). */
export interface OrderJournal {
  sent(clientRef: string, dealReference: string): Promise<void>;
}

/** Why a market does not trade now, and when its calendar says it opens again (ms), if it says. */
export interface MarketClosure {
  reason: string;
  reopensAt: number | null;
}

export interface Broker {
  /** Logs in and checks the instrument; throws BrokerError('credentials' | 'not-tradable' | ...). */
  connect(): Promise<void>;
  /** Why the market does not trade now (closed, offline...), or null when it trades. */
  marketClosed?(): Promise<MarketClosure | null>;
  /** Why the broker would refuse orders of these lots (too small, too large for its dealing rules), or null. */
  sizeProblem?(lots: readonly number[]): string | null;
  /**
   * Sends the order; resolves with its outcome. A refusal that opened nothing throws BrokerError
   * with its problem; an outcome nobody knows yet throws BrokerError('unavailable'), after which
   * only lookUp may tell: the order is never sent again until the broker proved it absent.
   */
  send(order: OpenOrder): Promise<OrderOutcome>;
  /** What the broker shows of a sent order now; null while it shows no trace of it (not a proof). */
  lookUp(order: OpenOrder): Promise<OrderOutcome | null>;
  /**
   * Closes one position at the market; `bid` is the price the decision was taken on (paper fills
   * there). A position the broker already closed by itself (its stop) answers that close.
   */
  closePosition(dealId: string, bid: number): Promise<BrokerExit>;
  /** Every open position of the bot's market on the account. */
  positions(): Promise<BrokerPosition[]>;
  /**
   * After a restart: the positions and working orders the bot's own records say it holds, so that
   * a look-up never takes one of them for another order (a broker that keeps no client reference
   * matches by market, size and time).
   */
  adopt?(held: { positions: readonly BrokerPosition[]; workingOrderIds: readonly string[] }): void;
  /**
   * How positions the records hold but the broker no longer does were closed (by its stop, its take
   * profit or a person), by deal id; those it cannot tell are left out. Only a broker that holds
   * stops closes by itself; the paper book has no such method.
   */
  closedOutside?(dealIds: readonly string[]): Promise<Map<string, OutsideExit>>;
  /** The position a resting order became, or null while it still rests (or is gone unfilled). */
  restingFill?(workingOrderId: string, order: OpenOrder): Promise<BrokerPosition | null>;
  /** Takes a resting order back: null once it is gone unfilled, its position if it filled meanwhile. */
  cancelResting?(workingOrderId: string, order: OpenOrder): Promise<BrokerPosition | null>;
  /** Moves the take profit the broker holds with a position. */
  moveTakeProfit?(dealId: string, profitLevel: number): Promise<void>;
  /** Lets go of the broker (a remote one's link is its account's, which the server closes). */
  disconnect(): Promise<void>;
}
