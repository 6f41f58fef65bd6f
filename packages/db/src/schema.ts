// One pg-core schema for both drivers (PGlite and PostgreSQL). Later features add their tables here.
import type {
  AccountType,
  AlertChannel,
  AlertKind,
  AlgorithmConfig,
  AnalysisResultsView,
  BacktestConfigInput,
  BacktestResult,
  Market,
  OtpStatus,
  RequestStatus,
  Role,
  Timeframe,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes, as the Socket.IO adapter writes them (msgpack). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull().default(''),
  /** The e-mail address, lower case. */
  username: text('username').notNull().unique(),
  /** Null until the user sets one (registration requests, invitations). */
  passwordHash: text('password_hash'),
  role: text('role').$type<Role>().notNull().default('user'),
  isPro: boolean('is_pro').notNull().default(false),
  requestStatus: text('request_status').$type<RequestStatus>().notNull().default('pending'),
  /** The message of a contact request. */
  requestMessage: text('request_message'),
  otpStatus: text('otp_status').$type<OtpStatus>().notNull().default('not-configured'),
  /** TOTP secrets, encrypted with the server key. */
  otpSecret: text('otp_secret'),
  otpPendingSecret: text('otp_pending_secret'),
  /** The last accepted TOTP time step: a code is never accepted twice. */
  otpLastStep: bigint('otp_last_step', { mode: 'number' }),
  eulaContractAccepted: boolean('eula_contract_accepted').notNull().default(false),
  eulaContractSignedAt: timestamp('eula_contract_signed_at', { withTimezone: true }),
  eulaAutotradingAccepted: boolean('eula_autotrading_accepted').notNull().default(false),
  eulaAutotradingSignedAt: timestamp('eula_autotrading_signed_at', { withTimezone: true }),
  /** A deletion request blocks login; the user's positions are left alone. */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A login session: the family of its rotated refresh tokens and the seed of its reveal key. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged; presenting it again is a reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('remember_tokens_user_idx').on(table.userId)],
);

/** Single-use links that set a password: 'reset' (forgot password) or 'invite' (new user). */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_tokens_user_idx').on(table.userId)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_logs_created_idx').on(table.createdAt.desc()),
    index('audit_logs_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/** The instrument table of engine.md section 1: data seeded at first start, not constants in code. */
export const instruments = pgTable('instruments', {
  market: text('market').$type<Market>().primaryKey(),
  symbol: text('symbol').notNull(),
  point: doublePrecision('point').notNull(),
  contractSize: doublePrecision('contract_size').notNull(),
  spreadPoints: doublePrecision('spread_points').notNull(),
  defaultMediazione: doublePrecision('default_mediazione').notNull(),
  defaultTarget: doublePrecision('default_target').notNull(),
  defaultWorst: doublePrecision('default_worst').notNull(),
  defaultSafeWorst: doublePrecision('default_safe_worst').notNull(),
});

export const algorithms = pgTable('algorithms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  minCapital: doublePrecision('min_capital').notNull(),
  market: text('market').$type<Market>().notNull().default('GOLD'),
  /** Grid parameters of engine.md; defaults come from the instrument table when created. */
  config: jsonb('config').$type<AlgorithmConfig>().notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A broker account. The three credentials are encrypted at rest (AES-256-GCM, server key). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The broker's own account id. */
    accountId: text('account_id').notNull(),
    isDemo: boolean('is_demo').notNull().default(true),
    brokerName: text('broker_name').notNull(),
    usernameEncrypted: text('username_encrypted').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    apikeyEncrypted: text('apikey_encrypted'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_owner_idx').on(table.ownerId),
    uniqueIndex('accounts_broker_account_idx').on(table.brokerName, table.accountId),
  ],
);

export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    algorithmId: uuid('algorithm_id')
      .notNull()
      .references(() => algorithms.id, { onDelete: 'restrict' }),
    capital: doublePrecision('capital').notNull(),
    leverage: doublePrecision('leverage').notNull(),
    size: doublePrecision('size').notNull(),
    additional: doublePrecision('additional').notNull(),
    maxContracts: doublePrecision('max_contracts').notNull(),
    /** 0 stopped, 1 running, 2 error, 3 deletion requested. */
    isRunning: integer('is_running').notNull().default(0),
    /** Why the bot stopped in state 2 (error), readable by the owner; null otherwise. */
    statusMessage: text('status_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('investments_account_idx').on(table.accountId)],
);

/** A closed grid cycle of a live bot (engine.md section 6). */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investmentId: uuid('investment_id').references(() => investments.id, { onDelete: 'set null' }),
    /** The owner at the time of the trade, so statements survive investment changes. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    lots: doublePrecision('lots').notNull(),
    entryPrice: doublePrecision('entry_price').notNull(),
    exitPrice: doublePrecision('exit_price').notNull(),
    reason: text('reason').$type<'take-profit' | 'stop' | 'close'>().notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** EUR, net of spread. */
    profitLoss: doublePrecision('profit_loss').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('transactions_user_closed_idx').on(table.userId, table.closedAt),
    // An investment's statement and CSV export page through its cycles in this order (issue 36).
    index('transactions_investment_closed_idx').on(table.investmentId, table.closedAt, table.id),
  ],
);

/**
 * A bot's orders (DESIGN.md section 7): each is written as an intent before it is sent, with its
 * id as our client reference, and confirmed (or failed) after. A cycle is open while it has
 * filled entries and no filled close; on start a bot rebuilds it from these rows.
 */
export const botOrders = pgTable(
  'bot_orders',
  {
    /** Our client reference, made by the bot. */
    id: uuid('id').primaryKey(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    cycleId: uuid('cycle_id').notNull(),
    kind: text('kind').$type<'open' | 'close'>().notNull(),
    /** An entry's level: 0 the cycle's first, 1..N the averaging levels; null for a close. */
    level: integer('level'),
    /** Why a close was decided; null for an entry. */
    reason: text('reason').$type<'take-profit' | 'stop' | 'close'>(),
    lots: doublePrecision('lots').notNull(),
    /** The bid the decision was taken on, and the cycle's reference price P0 and scale f. */
    bid: doublePrecision('bid').notNull(),
    referencePrice: doublePrecision('reference_price').notNull(),
    scale: doublePrecision('scale').notNull(),
    /**
     * intent: written before it is sent, outcome not known yet; working: a resting order the
     * broker holds; filled; failed: the broker proved nothing opened; cancelled: a resting order
     * taken back unfilled.
     */
    status: text('status').$type<BotOrderStatus>().notNull().default('intent'),
    /** market: filled now at the broker's price; limit: a working order resting at limitLevel (an ask). */
    orderType: text('order_type').$type<'market' | 'limit'>().notNull().default('market'),
    limitLevel: doublePrecision('limit_level'),
    /**
     * The broker's reference of the request that sent it (Capital.com's dealReference), written
     * the moment the request answers: after a crash it names the order at the broker.
     */
    dealReference: text('deal_reference'),
    /** The resting order's id at the broker, while it rests. */
    workingOrderId: text('working_order_id'),
    /** The broker's position id and fill price, once confirmed; why it failed otherwise. */
    dealId: text('deal_id'),
    fillPrice: doublePrecision('fill_price'),
    /** The stop the broker holds with the position (the cycle's, or the nearest it accepted). */
    stopLevel: doublePrecision('stop_level'),
    message: text('message'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('bot_orders_investment_cycle_idx').on(table.investmentId, table.cycleId)],
);

export type BotOrderStatus = 'intent' | 'working' | 'filled' | 'failed' | 'cancelled';

/** The paper broker's book: the simulated positions of demo accounts' bots. */
export const paperPositions = pgTable(
  'paper_positions',
  {
    dealId: uuid('deal_id').primaryKey().defaultRandom(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    /** The order that opened it: the same reference never opens a second position. */
    clientRef: uuid('client_ref').notNull(),
    lots: doublePrecision('lots').notNull(),
    /** Fill (ask) and exit (bid) prices. */
    level: doublePrecision('level').notNull(),
    exitLevel: doublePrecision('exit_level'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('paper_positions_client_ref_idx').on(table.clientRef),
    index('paper_positions_investment_idx').on(table.investmentId),
  ],
);

/** What the bar store holds per market and timeframe; the bars are Arrow files under DATA_DIR/marketdata. */
export const marketDataSets = pgTable(
  'market_data_sets',
  {
    market: text('market').$type<Market>().notNull(),
    timeframe: text('timeframe').$type<Timeframe>().notNull(),
    rows: integer('rows').notNull(),
    firstTime: timestamp('first_time', { withTimezone: true }),
    lastTime: timestamp('last_time', { withTimezone: true }),
    /** Names and formats of the files merged into the set, newest last. */
    sources: jsonb('sources')
      .$type<{ file: string; format: string; rows: number; at: string }[]>()
      .notNull()
      .default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.market, table.timeframe] })],
);

/**
 * The price feed's closed candles (issue 36): the prices the bots traded on, kept for an
 * investment's chart over its whole life. `time` is the candle's start, whole seconds.
 */
export const liveCandles = pgTable(
  'live_candles',
  {
    market: text('market').$type<Market>().notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
  },
  (table) => [primaryKey({ columns: [table.market, table.time] })],
);

/**
 * Job columns shared by backtests and analyses: isCompleted 0 queued, 1 running, 2 done, 3 failed;
 * a runner claims a row with FOR UPDATE SKIP LOCKED and holds it by a lease it renews.
 */
const jobColumns = () => ({
  isCompleted: integer('is_completed').notNull().default(0),
  error: text('error'),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const backtests = pgTable(
  'backtests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'range' | 'single'>().notNull(),
    market: text('market').$type<Market>().notNull(),
    algorithmId: uuid('algorithm_id').references(() => algorithms.id, { onDelete: 'set null' }),
    /** The algorithm's name when the backtest was made, so the list survives its renaming. */
    algorithmName: text('algorithm_name'),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    capital: doublePrecision('capital').notNull(),
    accountType: text('account_type').$type<AccountType>().notNull(),
    leverage: doublePrecision('leverage').notNull(),
    dynamic: boolean('dynamic').notNull(),
    close: boolean('close').notNull(),
    /** The request as sent (with defaults resolved), so a run can be repeated exactly. */
    config: jsonb('config').$type<BacktestConfigInput>().notNull(),
    /**
     * json, not jsonb: the rows are written once and read whole, never queried inside, and json
     * keeps the text as it came (a sweep's 1,323 rows store and read back in about half the time).
     */
    results: json('results').$type<BacktestResult[]>(),
    resultCount: integer('result_count').notNull().default(0),
    fxFallback: boolean('fx_fallback').notNull().default(false),
    createdAt: createdAt(),
    ...jobColumns(),
  },
  (table) => [
    index('backtests_owner_idx').on(table.ownerId),
    index('backtests_queue_idx').on(table.isCompleted, table.createdAt),
  ],
);

export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    /** json, not jsonb, as a backtest's results: written once, read whole. */
    results: json('results').$type<AnalysisResultsView>(),
    createdAt: createdAt(),
    ...jobColumns(),
  },
  (table) => [
    index('analyses_owner_idx').on(table.ownerId),
    index('analyses_queue_idx').on(table.isCompleted, table.createdAt),
  ],
);

/**
 * Failed login and 2FA code counters, in the database so that restarts keep them, every server
 * shares them and no flood of other keys can push one out. key is fixed-length: a kind and a
 * hash of the username, the address (IPv6 by /64) or the user id.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  /** Attempts counted in the current window; an attempt counts from its start until it succeeds. */
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Locks in a row without a success: each one lasts twice the one before. */
  locks: integer('locks').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** When a session last proved its password (a password login or verify-password): 2FA changes need a recent one. */
export const passwordProofs = pgTable('password_proofs', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  provedAt: timestamp('proved_at', { withTimezone: true }).notNull(),
  /** The latest verify-password: only that proof hands out a reveal key, so only it opens the reveal window. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

/**
 * An investment's alert choices (issue 36, point 4); no row: the defaults (an e-mail when its bot
 * stops with an error). The webhook's signing secret is encrypted at rest, bound to its row.
 */
export const alertSettings = pgTable('alert_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  investmentId: uuid('investment_id')
    .notNull()
    .unique()
    .references(() => investments.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  webhookUrl: text('webhook_url'),
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  onBotError: boolean('on_bot_error').notNull().default(true),
  onFill: boolean('on_fill').notNull().default(false),
  drawdownLimitPct: doublePrecision('drawdown_limit_pct'),
  drawdownStop: boolean('drawdown_stop').notNull().default(false),
  /** A bot paused past its market's calendar (on by default). */
  onMarketPaused: boolean('on_market_paused').notNull().default(true),
  /** Percent of the capital the live result may stray from the backtest of its period; null: not watched. */
  driftLimitPct: doublePrecision('drift_limit_pct'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event an owner is told of. event_key names the event itself (the halt, the fill, the
 * drawdown episode): a second report of the same event, after a restart too, records nothing.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    investmentId: uuid('investment_id').references(() => investments.id, { onDelete: 'set null' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    eventKey: text('event_key').notNull().unique(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('alerts_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * One channel's delivery of an alert: a job row (jobColumns), claimed by the alerts' own runner,
 * put back with run_after later on a failed attempt, failed for good (a dead letter) after the last.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<AlertChannel>().notNull(),
    /** Not claimed before this moment: the back-off after a failed attempt. */
    runAfter: timestamp('run_after', { withTimezone: true }),
    createdAt: createdAt(),
    ...jobColumns(),
  },
  (table) => [
    uniqueIndex('alert_deliveries_alert_channel_idx').on(table.alertId, table.channel),
    index('alert_deliveries_queue_idx').on(table.isCompleted, table.createdAt),
  ],
);

/**
 * A running investment's bot waiting now (its market closed, its broker silent), as the alerts
 * watch it: since when, and when the market's calendar says it opens again (null: it does not
 * say). The row goes when the bot trades again; a pause is one alert at most, by its start.
 */
export const marketPauses = pgTable('market_pauses', {
  investmentId: uuid('investment_id')
    .primaryKey()
    .references(() => investments.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  reopensAt: timestamp('reopens_at', { withTimezone: true }),
});

/**
 * A watched investment whose live result strays from the backtest of its period past its limit
 * (issue 36), since when: one alert per episode, keyed by its start. The row goes when the gap is
 * back well under the limit (DRIFT_EPISODE_END_SHARE) or the investment is no longer watched.
 */
export const driftEpisodes = pgTable('drift_episodes', {
  investmentId: uuid('investment_id')
    .primaryKey()
    .references(() => investments.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type AuditLogRow = typeof auditLogs.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;
export type AlgorithmRow = typeof algorithms.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type BotOrderRow = typeof botOrders.$inferSelect;
export type PaperPositionRow = typeof paperPositions.$inferSelect;
export type MarketDataSetRow = typeof marketDataSets.$inferSelect;
export type BacktestRow = typeof backtests.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
export type AlertSettingsRow = typeof alertSettings.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type MarketPauseRow = typeof marketPauses.$inferSelect;
export type DriftEpisodeRow = typeof driftEpisodes.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;

/** Used by updates to stamp updated_at in the same statement. */
/**
 * A bot host (issue 34): a process of the `bots` role on PostgreSQL. It is alive while its
 * heartbeat has not expired; the live hosts share the accounts whose investments run.
 */
export const botHosts = pgTable('bot_hosts', {
  name: text('name').primaryKey(),
  heartbeatExpiresAt: timestamp('heartbeat_expires_at', { withTimezone: true }).notNull(),
  /** The most running investments it takes. */
  capacity: integer('capacity').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which bot host runs an account's bots, until when. By account, not by investment: Capital.com
 * gives an account one session and one request budget, which its bots share on one host. A host
 * that stops renewing loses the account to another once the lease has expired.
 */
export const botLeases = pgTable(
  'bot_leases',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    /** A host below its fair share asks for the account: its holder stops its bots and lets the lease run out. */
    wantedBy: text('wanted_by'),
  },
  (table) => [index('bot_leases_host_idx').on(table.host)],
);

/** A duty one process holds at a time across the processes on one PostgreSQL (the price feed). */
export const singletonLeases = pgTable('singleton_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The Socket.IO PostgreSQL adapter's table (issue 34): the monitoring events between API processes
 * and bot hosts travel by NOTIFY, and those over its 8,000 bytes (a long process list) are parked
 * here for the others to read. The adapter deletes its old rows itself.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

export const now = sql`now()`;
