// The composition root of the services: every module's service wired to its repository and to
// the outside things it needs (database, mailer, clock, keys, prices, engine). The HTTP app
// (app.ts) and the processes without it (main.ts's runner and bot host roles) start from here.
import { ALERT_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS, type Role } from '@platform/contracts';
import type { DatabaseHandle } from '@platform/db';
import { systemClock, type Clock } from './lib/clock';
import { AtRestCipher, deriveKey } from './lib/crypto';
import type { Mailer } from './lib/mailer';
import { RevealCipher } from './lib/reveal';
import { inlineExecutor, type EngineExecutor } from './engine-pool/engine-executor';
import { analysisHandler } from './jobs/handlers/analysis.handler';
import { backtestHandler } from './jobs/handlers/backtest.handler';
import { alertDeliveryHandler } from './jobs/handlers/alert-delivery.handler';
import { ALERT_JOB_DEFINITIONS } from './jobs/job-definitions';
import { registerJobs } from './jobs/job-registry';
import { JobRunner, type JobRunnerOptions } from './jobs/job-runner';
import type { MarketCoverage, PriceHistory } from './modules/marketdata/price-history';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { AlertsRepository } from './modules/alerts/alerts.repository';
import { AlertsService } from './modules/alerts/alerts.service';
import { DriftMeter } from './modules/alerts/drift-meter';
import { WebhookAddressPolicy } from './modules/alerts/webhook-address';
import { createWebhookClient } from './modules/alerts/webhook-client';
import { AlgorithmsRepository } from './modules/algorithms/algorithms.repository';
import { AlgorithmsService } from './modules/algorithms/algorithms.service';
import { AnalysesRepository } from './modules/analyses/analyses.repository';
import { AnalysesService } from './modules/analyses/analyses.service';
import { AccessTokens } from './modules/auth/access-tokens';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService, DEFAULT_SESSION_MAX_HOURS } from './modules/auth/auth.service';
import { createAltchaVerifier } from './modules/auth/captcha';
import { DEFAULT_THROTTLE_OPTIONS, LoginThrottle, type ThrottleOptions } from './modules/auth/login-throttle';
import { OtpService } from './modules/auth/otp.service';
import { PasswordsService } from './modules/auth/passwords.service';
import { RegistrationService } from './modules/auth/registration.service';
import { sessionCacheFor } from './modules/auth/session-revocations';
import { ThrottleRepository } from './modules/auth/throttle.repository';
import { BacktestsRepository } from './modules/backtests/backtests.repository';
import { BotsRepository } from './modules/bots/bots.repository';
import { BotsService } from './modules/bots/bots.service';
import { BacktestsService } from './modules/backtests/backtests.service';
import { EquityCurveService } from './modules/backtests/equity-curve.service';
import { InstrumentsRepository } from './modules/instruments/instruments.repository';
import { InstrumentsService } from './modules/instruments/instruments.service';
import { StoredAndLivePrices } from './modules/investments/chart-prices';
import { InvestmentChartRepository } from './modules/investments/investment-chart.repository';
import { InvestmentsRepository } from './modules/investments/investments.repository';
import { InvestmentsService, type BotControl } from './modules/investments/investments.service';
import { LogsRepository } from './modules/logs/logs.repository';
import { LogsService } from './modules/logs/logs.service';
import type { LiveCandleSource } from './modules/prices/live-candles';
import { LiveCandlesRepository } from './modules/prices/live-candles.repository';
import { StatementsRepository } from './modules/statements/statements.repository';
import { StatementsService } from './modules/statements/statements.service';
import { TransactionsRepository } from './modules/transactions/transactions.repository';
import { TransactionsService } from './modules/transactions/transactions.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import type { Logger } from './lib/logger';

export interface ServiceDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  jwtSecret: string;
  /** 64 hex characters; every key for data at rest is derived from it. */
  encryptionKey: string;
  /** The master keys of before a rotation (ENCRYPTION_KEY_PREVIOUS): they still decrypt, never encrypt. */
  previousEncryptionKeys?: readonly string[];
  /** Base URL of the links in mails. */
  publicUrl: string;
  /** Stored price bars, for the backtest and analysis jobs. */
  prices: PriceHistory & MarketCoverage;
  /** Where engine work runs (default: this thread). */
  executor?: EngineExecutor;
  clock?: Clock;
  /** Starts, stops and restarts bots as investments change (the bot supervisor); none in tests of the API alone. */
  botControl?: BotControl;
  /** Demo accounts trade on the paper broker unless this is 'capital' (DEMO_BROKER). */
  demoBroker?: 'paper' | 'capital';
  /** Login and 2FA code throttling (LOGIN_* variables); defaults otherwise. */
  loginThrottle?: ThrottleOptions;
  /** Roles that must set up 2FA before they get a session (REQUIRE_2FA_FOR, default admin). */
  otpRequiredFor?: readonly Role[];
  /** Hours after its login that a session ends whatever its refreshes (SESSION_MAX_HOURS, default 12). */
  sessionMaxHours?: number;
  /** Days the audit rows of anonymous failed logins are kept (AUDIT_ANON_DAYS, default 30). */
  auditAnonDays?: number;
  /** Backtests, and separately analyses, a user may have queued or running (MAX_JOBS_PER_USER, default 5). */
  maxJobsPerUser?: number;
  jobLogger?: JobRunnerOptions['logger'];
  /** Where locks, throttling, 2FA changes and reveals are logged at warn; nowhere without one. */
  securityLogger?: Pick<Logger, 'warn'>;
  jobLeaseMs?: number;
  /**
   * The job runners' name across restarts (RUNNER_NAME): on PostgreSQL a start takes back at once
   * the jobs left running under it. On PGlite every job left running is taken back, name or not.
   */
  runnerName?: string;
  /** Addresses and ranges a webhook may reach although private or loopback (ALERT_WEBHOOK_ALLOW); none by default. */
  alertWebhookAllow?: readonly string[];
  /** The waits between an alert delivery's attempts (default ALERT_RETRY_DELAYS_MS); tests shorten them. */
  alertRetryDelaysMs?: readonly number[];
  /** How long a webhook has to answer (default WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs?: number;
  /** The price feed's recent candles (the overview's live charts, an investment's chart, the drift alert); without one only the stored ones. */
  liveCandles?: LiveCandleSource;
  /** Told when a job is queued, besides this process's runners: the runners of other processes (PostgreSQL). */
  jobQueued?: () => void;
}

const silentLogger = { info: () => undefined, error: () => undefined };
const noBots: BotControl = { investmentChanged: () => undefined, accountChanged: () => undefined };

export function buildServices(deps: ServiceDeps) {
  const clock = deps.clock ?? systemClock;
  const { db } = deps.database;
  const logs = new LogsService(new LogsRepository(db), clock, {
    anonymousDays: deps.auditAnonDays ?? 30,
    logger: deps.securityLogger,
  });
  const sessionCache = sessionCacheFor(deps.database.notifications);
  const authRepository = new AuthRepository(db, sessionCache);
  const loginThrottle = new LoginThrottle(
    new ThrottleRepository(db),
    logs,
    clock,
    deps.loginThrottle ?? DEFAULT_THROTTLE_OPTIONS,
  );
  const otpRequiredFor = deps.otpRequiredFor ?? ['admin'];
  const masterKeys = { current: deps.encryptionKey, previous: deps.previousEncryptionKeys ?? [] };
  const otp = new OtpService(
    authRepository,
    logs,
    clock,
    new AtRestCipher(masterKeys, 'totp-secrets'),
    loginThrottle,
    otpRequiredFor,
  );
  const auth = new AuthService(
    authRepository,
    logs,
    clock,
    new AccessTokens(deps.jwtSecret, clock),
    otp,
    loginThrottle,
    {
      otpRequiredFor,
      sessionMaxHours: deps.sessionMaxHours ?? DEFAULT_SESSION_MAX_HOURS,
    },
  );
  const reveal = new RevealCipher(deriveKey(deps.encryptionKey, 'reveal-keys'), clock, (sessionId) =>
    authRepository.findVerifiedPassword(sessionId),
  );
  const passwords = new PasswordsService(authRepository, logs, clock, deps.mailer, otp, loginThrottle, {
    publicUrl: deps.publicUrl,
    reveal,
  });
  const captcha = createAltchaVerifier(deriveKey(deps.encryptionKey, 'captcha').toString('hex'), clock);
  const registration = new RegistrationService(authRepository, logs, deps.mailer, captcha);
  const instruments = new InstrumentsService(new InstrumentsRepository(db));
  const botControl = deps.botControl ?? noBots;
  const algorithms = new AlgorithmsService(new AlgorithmsRepository(db), instruments, logs);

  // Services queue jobs and wake the runner; the runner's handlers call back into the services.
  const notifyQueued = () => {
    runner.notify();
    deps.jobQueued?.();
  };
  const maxJobsPerUser = deps.maxJobsPerUser ?? 5;
  const backtests = new BacktestsService(
    new BacktestsRepository(db),
    logs,
    instruments,
    algorithms,
    deps.prices,
    notifyQueued,
    maxJobsPerUser,
  );
  const analyses = new AnalysesService(
    new AnalysesRepository(db),
    logs,
    deps.prices,
    notifyQueued,
    maxJobsPerUser,
  );
  const executor = deps.executor ?? inlineExecutor;
  // Who a restarted runner is: PGlite has one process by construction, so all it finds running is its own.
  const identity = {
    soleRunner: deps.database.kind === 'pglite',
    ...(deps.runnerName ? { name: deps.runnerName } : {}),
  };
  const runner = new JobRunner(
    registerJobs(db, {
      backtest: backtestHandler({ backtests, algorithms, instruments, prices: deps.prices, executor }),
      analysis: analysisHandler({ analyses, instruments, prices: deps.prices, executor }),
    }),
    {
      logger: deps.jobLogger ?? silentLogger,
      ...identity,
      ...(deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
    },
  );

  const investments = new InvestmentsService(new InvestmentsRepository(db), logs, botControl, {
    demoBroker: deps.demoBroker ?? 'paper',
  });

  // Alerts: the bots report events to them; their deliveries run on a runner of their own.
  const alertPolicy = new WebhookAddressPolicy(deps.alertWebhookAllow ?? []);
  const alerts = new AlertsService({
    repository: new AlertsRepository(db),
    investments,
    cipher: new AtRestCipher(masterKeys, 'webhook-secrets'),
    policy: alertPolicy,
    audit: logs,
    notifyQueued: () => {
      alertRunner.notify();
      deps.jobQueued?.();
    },
    investmentStopped: (investmentId) => botControl.investmentChanged(investmentId),
    publicUrl: deps.publicUrl,
    logger: deps.jobLogger ?? silentLogger,
    now: () => clock.now().getTime(),
    drift: new DriftMeter({
      prices: new StoredAndLivePrices(deps.prices, deps.liveCandles, new LiveCandlesRepository(db)),
      history: deps.prices,
      instruments,
      booked: new InvestmentChartRepository(db),
    }),
  });
  const alertRetryDelaysMs = deps.alertRetryDelaysMs ?? ALERT_RETRY_DELAYS_MS;
  const alertRunner = new JobRunner(
    registerJobs(
      db,
      {
        'alert-delivery': alertDeliveryHandler({
          alerts,
          mailer: deps.mailer,
          webhooks: createWebhookClient(alertPolicy, deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS),
          retryDelaysMs: alertRetryDelaysMs,
        }),
      },
      ALERT_JOB_DEFINITIONS,
    ),
    {
      logger: deps.jobLogger ?? silentLogger,
      maxAttempts: alertRetryDelaysMs.length + 1,
      ...identity,
      ...(deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
    },
  );

  return {
    logs,
    auth,
    otp,
    loginThrottle,
    passwords,
    registration,
    instruments,
    algorithms,
    users: new UsersService(new UsersRepository(db, sessionCache), logs, clock, passwords),
    accounts: new AccountsService(
      new AccountsRepository(db),
      logs,
      new AtRestCipher(masterKeys, 'broker-credentials'),
      reveal,
      botControl,
    ),
    investments,
    bots: new BotsService(
      new BotsRepository(db),
      instruments,
      deps.prices,
      logs,
      clock,
      { demoBroker: deps.demoBroker ?? 'paper' },
      alerts,
    ),
    alerts,
    alertRunner,
    transactions: new TransactionsService(new TransactionsRepository(db)),
    backtests,
    equityCurves: new EquityCurveService(backtests, instruments, deps.prices, executor),
    analyses,
    statements: new StatementsService(
      new StatementsRepository(db),
      investments,
      backtests,
      instruments,
      clock,
    ),
    jobRunner: runner,
    executor,
    /** The stored prices, which the live runtime's replay feeds read too. */
    prices: deps.prices,
  };
}

export type Services = ReturnType<typeof buildServices>;
