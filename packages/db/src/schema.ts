// One pg-core schema for both drivers (PGlite and PostgreSQL). Later features add their tables here.
import type { Market, OtpStatus, RequestStatus, Role } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type AuditLogRow = typeof auditLogs.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;

/** Used by updates to stamp updated_at in the same statement. */
export const now = sql`now()`;
