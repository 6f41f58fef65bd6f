// Builds the Fastify app from its dependencies without listening: main.ts runs it, tests inject.
import rateLimit from '@fastify/rate-limit';
import type { DatabaseHandle } from '@platform/db';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './lib/clock';
import { deriveKey } from './lib/crypto';
import type { Mailer } from './lib/mailer';
import { RevealCipher } from './lib/reveal';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { AlgorithmsRepository } from './modules/algorithms/algorithms.repository';
import { algorithmsRoutes } from './modules/algorithms/algorithms.routes';
import { AlgorithmsService } from './modules/algorithms/algorithms.service';
import { AccessTokens } from './modules/auth/access-tokens';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { createAltchaVerifier } from './modules/auth/captcha';
import { OtpService } from './modules/auth/otp.service';
import { PasswordsService } from './modules/auth/passwords.service';
import { RegistrationService } from './modules/auth/registration.service';
import { healthRoutes } from './modules/health/health.routes';
import { InstrumentsRepository } from './modules/instruments/instruments.repository';
import { instrumentsRoutes } from './modules/instruments/instruments.routes';
import { InstrumentsService } from './modules/instruments/instruments.service';
import { InvestmentsRepository } from './modules/investments/investments.repository';
import { investmentsRoutes } from './modules/investments/investments.routes';
import { InvestmentsService } from './modules/investments/investments.service';
import { LogsRepository } from './modules/logs/logs.repository';
import { logsRoutes } from './modules/logs/logs.routes';
import { LogsService } from './modules/logs/logs.service';
import { TransactionsRepository } from './modules/transactions/transactions.repository';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { TransactionsService } from './modules/transactions/transactions.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { registerAuthentication } from './plugins/authentication';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRouteCatalog } from './plugins/route-catalog';
import { registerWebApp } from './plugins/web-app';

export interface AppDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  jwtSecret: string;
  /** 64 hex characters; every key for data at rest is derived from it. */
  encryptionKey: string;
  /** Base URL of the links in mails. */
  publicUrl: string;
  /** The built web app; without it only the API is served. */
  webDistDir?: string | undefined;
  clock?: Clock;
  /** Without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
}

/** Larger bodies are refused with 413 before they are parsed. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
  });
  registerRouteCatalog(app);
  registerErrorHandler(app);
  await app.register(rateLimit, { global: false });

  const { db } = deps.database;
  const logs = new LogsService(new LogsRepository(db), clock);
  const authRepository = new AuthRepository(db);
  const otp = new OtpService(authRepository, logs, clock, deriveKey(deps.encryptionKey, 'totp-secrets'));
  const auth = new AuthService(authRepository, logs, clock, new AccessTokens(deps.jwtSecret, clock), otp);
  const reveal = new RevealCipher(deriveKey(deps.encryptionKey, 'reveal-keys'));
  const passwords = new PasswordsService(authRepository, logs, clock, deps.mailer, otp, {
    publicUrl: deps.publicUrl,
    reveal,
  });
  const captcha = createAltchaVerifier(deriveKey(deps.encryptionKey, 'captcha').toString('hex'), clock);
  const registration = new RegistrationService(authRepository, logs, deps.mailer, captcha);
  const guards = registerAuthentication(app, auth);
  const instruments = new InstrumentsService(new InstrumentsRepository(db));

  healthRoutes(app, {
    database: deps.database.kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  });
  authRoutes(app, { auth, otp, passwords, registration }, guards);
  logsRoutes(app, logs, guards);
  usersRoutes(app, new UsersService(new UsersRepository(db), logs, clock, passwords), guards);
  instrumentsRoutes(app, instruments, guards);
  algorithmsRoutes(app, new AlgorithmsService(new AlgorithmsRepository(db), instruments, logs), guards);
  accountsRoutes(
    app,
    new AccountsService(new AccountsRepository(db), logs, deriveKey(deps.encryptionKey, 'broker-credentials'), reveal),
    guards,
  );
  investmentsRoutes(app, new InvestmentsService(new InvestmentsRepository(db), logs), guards);
  transactionsRoutes(app, new TransactionsService(new TransactionsRepository(db)), guards);
  await registerWebApp(app, deps.webDistDir);
  return app;
}
