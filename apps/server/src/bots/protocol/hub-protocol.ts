// What a bot process and the server's bot hub say to each other, one JSON object per line over
// a loopback TCP connection. The server owns the database and the price feed (PGlite allows one
// connection, and one feed serves every bot of a market), so a bot asks the hub for its set-up,
// writes its intents, confirmations and closed cycles through it, and receives the prices of its
// market from it. The paper broker's book lives in the database too, behind the same channel, and
// a paper bot's next order may stand there until its price comes (WireStandingOrders).
// The hub handles a bot's requests one after another in the order they came, and stops at the
// first that fails and closes the channel (which ends the bot). So a write whose answer the bot
// does not need is sent unanswered (id null): a request sent after it still runs after it, and
// the bot is not woken for an answer it would ignore (with hundreds of bots on two cores, those
// wakes delayed the bots still deciding on the same price).
import type { Market } from '@platform/contracts';
import type { GridParams, InstrumentSpec, PriceEventKind, StandingOrders } from '@platform/engine';
import type { BrokerExit, BrokerPosition, BrokerProblem } from '../brokers/broker';

/** fx(d) as a table over days (days since the epoch), clamped at both ends (engine.md section 1). */
export interface FxTable {
  firstDay: number;
  rates: number[];
}

/**
 * One of the bot's orders as the database keeps it (bot_orders). Prices in price units, times in
 * ms. The fields a paper order never has are optional, so the hub's lines stay short.
 */
export interface OrderRecord {
  id: string;
  cycleId: string;
  kind: 'open' | 'close';
  level: number | null;
  reason: 'take-profit' | 'stop' | 'close' | null;
  lots: number;
  bid: number;
  referencePrice: number;
  scale: number;
  status: BotOrderStatus;
  dealId: string | null;
  fillPrice: number | null;
  createdAt: number;
  /** A working order resting at the broker at this ask ('limit'); absent: at the market. */
  orderType?: 'market' | 'limit';
  limitLevel?: number | null;
  /** The broker's reference of the request that sent it, once it answered. */
  dealReference?: string | null;
  /** The working order's id at the broker, while it rests. */
  workingOrderId?: string | null;
  /** The stop the broker holds with the position. */
  stopLevel?: number | null;
}

/** intent: its outcome is not known yet; working: it rests at the broker (bot_orders.status). */
export type BotOrderStatus = 'intent' | 'working' | 'filled' | 'failed' | 'cancelled';

/**
 * Where the bot trades. A bot on Capital.com reaches its account through the hub (capital-links.ts),
 * which holds the session: the credentials stay in the server (CapitalAccountSecrets).
 */
export type BrokerSetup =
  | { kind: 'paper' }
  | {
      kind: 'capital';
      demo: boolean;
      /** The accounts row: the account whose link the bot's calls go through. */
      accountRowId: string;
    };

/** A Capital.com account's credentials as the server keeps them: encrypted at rest, bound to their row. */
export interface CapitalAccountSecrets {
  accountRowId: string;
  demo: boolean;
  identifier: string;
  password: string;
  apiKey: string | null;
}

export interface BotSetup {
  investmentId: string;
  market: Market;
  params: GridParams;
  instrument: InstrumentSpec;
  /** maxcontracts in hundredths of a lot. */
  maxLots: number;
  fx: FxTable;
  broker: BrokerSetup;
  /** EUR realised by the investment's closed cycles so far (dynamic sizing starts from it). */
  realisedEur: number;
  /** The orders of cycles that have no filled close yet, oldest first. */
  openOrders: OrderRecord[];
}

/** A closed cycle, written as one transaction together with its close order's confirmation. */
export interface ClosedCycleRecord {
  closeId: string;
  cycleId: string;
  lots: number;
  entryPrice: number;
  exitPrice: number;
  reason: 'take-profit' | 'stop' | 'close';
  openedAt: number;
  closedAt: number;
  profitLoss: number;
}

/** A price of the feed: `time` on the feed's clock, `sourceTime` the bar's or quote's own time (it picks fx). */
export interface PriceEvent {
  market: Market;
  kind: PriceEventKind;
  price: number;
  time: number;
  sourceTime: number;
}

/** The calls a bot makes, with what each answers. */
export interface HubCalls {
  hello: { params: { investmentId: string; token: string }; result: BotSetup };
  intent: { params: OrderRecord; result: null };
  confirm: {
    params: { id: string; dealId: string; fillPrice: number; stopLevel?: number | null };
    result: null;
  };
  /** The broker answered the request that sent the order with its reference: written before anything else happens. */
  sent: { params: { id: string; dealReference: string }; result: null };
  /** The order rests at the broker as this working order. */
  working: { params: { id: string; workingOrderId: string }; result: null };
  /** The working order was taken back unfilled. */
  cancel: { params: { id: string }; result: null };
  fail: { params: { id: string; message: string }; result: null };
  /**
   * Why a running bot waits (its market is closed, an order's outcome is not known yet), shown on
   * the investment; null once it trades again.
   */
  /** reopensAt: a closed market's calendar reopening (ms), when known. */
  note: { params: { message: string | null; reopensAt: number | null }; result: null };
  /** The broker would not hold the cycle's stop where asked: it holds this one instead (audited). */
  stopAdjusted: { params: { id: string; requested: number; held: number }; result: null };
  closeCycle: { params: ClosedCycleRecord; result: null };
  /** The bot cannot go on: the investment goes to state 2 with this message. */
  halt: { params: { message: string }; result: null };
  paperOpen: { params: WirePosition & { clientRef: string }; result: WirePosition };
  paperClose: { params: { dealId: string; level: number; at: number }; result: WireExit };
  paperPositions: { params: Record<string, never>; result: WirePosition[] };
  paperFind: { params: { clientRef: string }; result: WirePosition | null };
  /** Answered once every request sent before it has run: a bot waits for its unanswered writes before it exits. */
  sync: { params: Record<string, never>; result: null };
  /**
   * A Capital.com call through the account's link (one session and one request budget per
   * account): refusals and unknown outcomes come back as answers, not as a broken channel.
   */
  capital: { params: CapitalRequest; result: CapitalReply };
  /** Whether the bot's investment still runs: a bot told to stop by a person takes its working order back. */
  stillRunning: { params: Record<string, never>; result: boolean };
  /** From now on the bot's prices are its account's quotes of this epic (no longer the market's feed). */
  quotes: { params: { epic: string }; result: null };
  /** The period's decision latency (unanswered): what /metrics reports per host. */
  latency: { params: LatencyReport; result: null };
}

/** Milliseconds from each price to the order the bot decided on it (bots/process/decision-latency.ts). */
export interface LatencyReport {
  /** Price to the order the bot sent on it. */
  sent: number[];
  /** Price to the fill of an order left standing with the broker. */
  standing: number[];
  /** Price to its arrival in the bot, for each order sent. */
  delivery: number[];
}

export interface CapitalRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** Capital.com's answer (its body), its refusal (status and errorCode), or nobody knows what happened. */
export type CapitalReply =
  | { ok: true; body: unknown }
  | { ok: false; status: number; errorCode: string }
  /** No answer from Capital.com, or none to be had: problem says which when the server's link knows (credentials). */
  | { ok: false; unavailable: string; problem?: BrokerProblem };
export type HubMethod = keyof HubCalls;

/** Dates travel as ms. */
export type WirePosition = Omit<BrokerPosition, 'openedAt'> & { openedAt: number };
export type WireExit = Omit<BrokerExit, 'closedAt'> & { closedAt: number };

/**
 * The prices a bot need not be handed (the engine's QuietBand, in price units, narrowed so that
 * rounding to milli-points never hides a deciding price): strictly between `above` and `below`
 * (null: no bound), and bars' opens there too when `opensQuiet`.
 */
export interface WireQuietBand {
  above: number | null;
  below: number | null;
  opensQuiet: boolean;
}

/**
 * A paper bot's standing orders (the engine's, in milli-points: standing-orders.ts), with the ids
 * the hub writes when a price fills one, so that its records are those the bot would have written.
 */
export interface WireStandingOrders {
  orders: StandingOrders;
  /** Milli-points per price unit: a price's and a fill's. */
  perUnit: number;
  /** The order's id (our client reference), and the deal id an entry's position takes. */
  orderId: string;
  dealId: string;
  /** The open cycle, or the one an entry at the open starts (its P0 is that entry's bid: null here). */
  cycle: { id: string; referencePrice: number | null; scale: number; dealIds: string[] };
}

/**
 * A bot's quiet band and standing orders, valid from the price numbered `after` on, until the
 * next price handed to it.
 */
export interface BandNotice extends WireQuietBand {
  notice: 'quiet';
  after: number;
  standing: WireStandingOrders | null;
}

/** The standing order the hub filled on the price it hands with it, and when (decision latency). */
export interface StandingFill {
  orderId: string;
  at: number;
}

export function isQuiet(quiet: WireQuietBand, event: PriceEvent): boolean {
  return (
    (event.kind !== 'open' || quiet.opensQuiet) &&
    (quiet.above === null || event.price > quiet.above) &&
    (quiet.below === null || event.price < quiet.below)
  );
}

export interface HubRequest {
  /** null: answered only by the channel's closing, if it fails. */
  id: number | null;
  method: HubMethod;
  params: unknown;
}

/**
 * Why the hub refused a call, which the bot acts on: 'not-running', its investment is stopped or
 * deleted and it exits quietly; 'failed', anything else (the hub logs the cause).
 */
export type HubRefusal = 'not-running' | 'failed';

export type HubMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code: HubRefusal; error: string }
  | { event: 'price'; data: PriceEvent; seq: number; filled?: StandingFill };
