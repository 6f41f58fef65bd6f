// The environment, parsed once at start. A bad variable stops the process with its name.
// JWT_SECRET and ENCRYPTION_KEY, when not given, are generated once into DATA_DIR so that
// restarts keep sessions valid and encrypted secrets readable.
import * as z from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { roleSchema, type Role } from '@platform/contracts';
import { trustProxySchema } from './lib/trust-proxy';
import { webhookAllowSchema } from './modules/alerts/webhook-address';
import type { ThrottleOptions } from './modules/auth/login-throttle';

const HEX_64 = /^[0-9a-fA-F]{64}$/;

/**
 * What a process does (issue 34): serve the API and the monitoring socket, run the jobs, host
 * bots. npm start runs all three in one process; on PostgreSQL any number of processes may each
 * take any of them.
 */
export const ALL_ROLES = ['api', 'runner', 'bots'] as const;
export type ProcessRole = (typeof ALL_ROLES)[number];

const envSchema = z.object({
  // 0: any free port (tests start several processes; the log line 'Server listening at' names it).
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD deve avere almeno 8 caratteri').optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Trading Platform <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET deve avere almeno 32 caratteri').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(HEX_64, 'ENCRYPTION_KEY deve essere di 64 caratteri esadecimali')
    .optional(),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((key) => key.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(HEX_64, 'ENCRYPTION_KEY_PREVIOUS: chiavi di 64 caratteri esadecimali separate da virgola'),
      ),
    ),
  DEMO_DATA: z.enum(['0', '1', 'false', 'true']).default('1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEATHER_API_KEY: z.string().min(1).optional(),
  WEATHER_API_URL: z.url().optional(),
  FEED_SPEED: z.coerce.number().min(0.01, 'FEED_SPEED deve essere maggiore di 0').max(100_000).default(1),
  DEMO_BROKER: z.enum(['paper', 'capital']).default('paper'),
  CAPITAL_API_URL: z.url().optional(),
  CAPITAL_DEMO_API_URL: z.url().optional(),
  CAPITAL_STREAM_URL: z.url().optional(),
  FEED_SOURCE: z.enum(['replay', 'capital']).default('replay'),
  CAPITAL_FEED_API_KEY: z.string().min(1).optional(),
  CAPITAL_FEED_IDENTIFIER: z.string().min(1).optional(),
  CAPITAL_FEED_PASSWORD: z.string().min(1).optional(),
  CAPITAL_FEED_DEMO: z.enum(['0', '1', 'false', 'true']).default('1'),
  TRUST_PROXY: trustProxySchema.optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  REQUIRE_2FA_FOR: z
    .string()
    .default('admin')
    .transform((list) =>
      list
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(roleSchema, 'REQUIRE_2FA_FOR: ruoli separati da virgola tra admin, user, sales')),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  MAX_JOBS_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  AUDIT_ANON_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN deve avere almeno 32 caratteri').optional(),
  ALERT_WEBHOOK_ALLOW: webhookAllowSchema.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  RUNNER_NAME: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,64}$/,
      'RUNNER_NAME: fino a 64 tra lettere, cifre, punto, trattino e trattino basso',
    )
    .optional(),
  ROLES: z
    .string()
    .default(ALL_ROLES.join(','))
    .transform((list) => [
      ...new Set(
        list
          .split(',')
          .map((role) => role.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.enum(ALL_ROLES), 'ROLES: ruoli separati da virgola tra api, runner, bots')
        .min(1, 'ROLES: almeno un ruolo'),
    ),
  BOT_HOST_NAME: z
    .string()
    .regex(
      /^[A-Za-z0-9._:-]{1,64}$/,
      'BOT_HOST_NAME: fino a 64 tra lettere, cifre, punto, due punti, trattino e trattino basso',
    )
    .optional(),
  BOT_HOST_CAPACITY: z.coerce.number().int().min(1).max(100_000).default(200),
  BOT_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  MARKETDATA_DIR: z.string().min(1).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where links in e-mails point. */
  publicUrl: string;
  jwtSecret: string;
  /** 64 hex characters: the master key of everything encrypted at rest. */
  encryptionKey: string;
  /** Master keys of before a rotation: they decrypt until `npm run rotate-key` has re-encrypted everything. */
  previousEncryptionKeys: string[];
  demoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** JSON lines for collectors, or readable lines for a person; unset: pretty only on a terminal. */
  logFormat: 'json' | 'pretty' | undefined;
  /** weatherapi.com: without a key the weather widget stays empty; the URL is for tests and mirrors. */
  weather: { apiKey: string | undefined; baseUrl: string | undefined };
  /** The replay feed's speed: 1 is real time. */
  feedSpeed: number;
  /** What demo accounts trade on: the paper broker, or Capital.com's demo server. */
  demoBroker: 'paper' | 'capital';
  /** Capital.com's hosts, for the bots; unset means Capital.com's own. */
  capital: { apiUrl: string | undefined; demoApiUrl: string | undefined; streamUrl: string | undefined };
  /** Where the market prices come from: the replay of stored bars, or a Capital.com session's quote stream. */
  feed:
    | { source: 'replay' }
    | { source: 'capital'; demo: boolean; apiKey: string; identifier: string; password: string };
  /** The reverse proxies whose X-Forwarded-For is believed; none unless TRUST_PROXY names them. */
  trustProxy: string[] | undefined;
  /** Failed-login counters and the password hashing cap. */
  loginThrottle: ThrottleOptions;
  /** Roles that get no session before they set up 2FA. */
  otpRequiredFor: Role[];
  /** Hours after its login that a session ends, however often it was refreshed. */
  sessionMaxHours: number;
  /** Backtests, and separately analyses, a user may have queued or running at once. */
  maxJobsPerUser: number;
  /** Days the audit rows of anonymous failed logins are kept. */
  auditAnonDays: number;
  /** The Bearer token /metrics asks for; without one only loopback callers may read it (docs/operations.md). */
  metricsToken: string | undefined;
  /** Private or loopback addresses and ranges a webhook may reach (ALERT_WEBHOOK_ALLOW); none by default. */
  alertWebhookAllow: string[];
  /** How long a shutdown waits for the job in hand before giving it back to the queue. */
  shutdownTimeoutMs: number;
  /** This process's job runners' name across restarts (RUNNER_NAME): a restart takes back their jobs at once. */
  runnerName: string | undefined;
  /** What this process does (ROLES): all three unless told otherwise; PGlite takes all three in one process. */
  roles: ProcessRole[];
  /** The bots role's name among the bot hosts (BOT_HOST_NAME; default host name and pid) and its share. */
  botHost: { name: string; capacity: number; leaseMs: number };
  /** The stored price bars: one folder every role reads (MARKETDATA_DIR; default DATA_DIR/marketdata). */
  marketDataDir: string;
  /** How long a runner's claim on a job lasts unrenewed (JOB_LEASE_MS): a dead runner's job is taken again after it. */
  jobLeaseMs: number;
}

export class ConfigError extends Error {}

interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function feedConfig(vars: z.infer<typeof envSchema>): AppConfig['feed'] {
  if (vars.FEED_SOURCE === 'replay') return { source: 'replay' };
  const {
    CAPITAL_FEED_API_KEY: apiKey,
    CAPITAL_FEED_IDENTIFIER: identifier,
    CAPITAL_FEED_PASSWORD: password,
  } = vars;
  if (!apiKey || !identifier || !password) {
    throw new ConfigError(
      'Configurazione non valida:\n  FEED_SOURCE=capital richiede CAPITAL_FEED_API_KEY, CAPITAL_FEED_IDENTIFIER e CAPITAL_FEED_PASSWORD',
    );
  }
  return {
    source: 'capital',
    demo: vars.CAPITAL_FEED_DEMO === '1' || vars.CAPITAL_FEED_DEMO === 'true',
    apiKey,
    identifier,
    password,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configurazione non valida:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  const dataDir = resolve(vars.DATA_DIR);
  const stored =
    vars.JWT_SECRET && vars.ENCRYPTION_KEY
      ? { jwtSecret: vars.JWT_SECRET, encryptionKey: vars.ENCRYPTION_KEY }
      : loadOrCreateSecrets(dataDir);
  if (!vars.DATABASE_URL && vars.ROLES.length < ALL_ROLES.length) {
    throw new ConfigError(
      'Configurazione non valida:\n  ROLES: con PGlite (senza DATABASE_URL) un solo processo svolge tutti i ruoli (api, runner, bots)',
    );
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    adminEmail: vars.ADMIN_EMAIL.toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    jwtSecret: vars.JWT_SECRET ?? stored.jwtSecret,
    encryptionKey: (vars.ENCRYPTION_KEY ?? stored.encryptionKey).toLowerCase(),
    previousEncryptionKeys: vars.ENCRYPTION_KEY_PREVIOUS,
    demoData: !argv.includes('--no-demo-data') && (vars.DEMO_DATA === '1' || vars.DEMO_DATA === 'true'),
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    weather: { apiKey: vars.WEATHER_API_KEY, baseUrl: vars.WEATHER_API_URL },
    feedSpeed: vars.FEED_SPEED,
    demoBroker: vars.DEMO_BROKER,
    capital: {
      apiUrl: vars.CAPITAL_API_URL,
      demoApiUrl: vars.CAPITAL_DEMO_API_URL,
      streamUrl: vars.CAPITAL_STREAM_URL,
    },
    feed: feedConfig(vars),
    trustProxy: vars.TRUST_PROXY,
    loginThrottle: {
      accountMaxFailures: vars.LOGIN_MAX_FAILURES,
      addressMaxFailures: vars.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockMinutes: vars.LOGIN_LOCK_MINUTES,
      hashConcurrency: vars.PASSWORD_HASH_CONCURRENCY,
    },
    otpRequiredFor: vars.REQUIRE_2FA_FOR,
    sessionMaxHours: vars.SESSION_MAX_HOURS,
    maxJobsPerUser: vars.MAX_JOBS_PER_USER,
    auditAnonDays: vars.AUDIT_ANON_DAYS,
    metricsToken: vars.METRICS_TOKEN,
    alertWebhookAllow: vars.ALERT_WEBHOOK_ALLOW ?? [],
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    runnerName: vars.RUNNER_NAME,
    roles: vars.ROLES,
    botHost: {
      name: vars.BOT_HOST_NAME ?? `${hostname()}:${process.pid}`,
      capacity: vars.BOT_HOST_CAPACITY,
      leaseMs: vars.BOT_LEASE_MS,
    },
    marketDataDir: resolve(vars.MARKETDATA_DIR ?? join(dataDir, 'marketdata')),
    jobLeaseMs: vars.JOB_LEASE_MS,
  };
}
