// The server process: configuration, database, first-start seed, HTTP, the job runner, graceful shutdown.
import { DEMO_USERNAME, openDatabase, seedDatabase, seedDemoData } from '@platform/db';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { deriveKey, encryptAtRest } from './lib/crypto';
import { createOutboxMailer, createSmtpMailer } from './lib/mailer';
import { hashPassword } from './lib/passwords';
import { createThreadPoolExecutor, engineWorkerLocation } from './jobs/thread-pool-executor';
import { seedDemoMarketData } from './modules/marketdata/demo-market-data';

function webDistDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@platform/web/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const logger = pino({ level: config.logLevel });

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  await database.migrate();
  const marketDataDir = join(config.dataDir, 'marketdata');

  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const seed = await seedDatabase(database.db, {
    username: config.adminEmail,
    hashPassword: () => hashPassword(config.adminPassword ?? generatedPassword ?? ''),
  });
  if (seed.adminCreated) {
    logger.info({ username: config.adminEmail }, 'admin account created');
    if (generatedPassword) {
      console.log(`\n  Admin: ${config.adminEmail}\n  Password (shown only now): ${generatedPassword}\n`);
    }
  }

  if (config.demoData) {
    const demoPassword = randomBytes(9).toString('base64url');
    const credentialsKey = deriveKey(config.encryptionKey, 'broker-credentials');
    const demo = await seedDemoData(database.db, {
      hashPassword: () => hashPassword(demoPassword),
      encryptCredential: (plaintext) => encryptAtRest(credentialsKey, plaintext),
      now: new Date(),
    });
    if (demo.demoUserCreated) {
      console.log(`  Demo customer: ${DEMO_USERNAME}\n  Password (shown only now): ${demoPassword}\n`);
    }
    const started = performance.now();
    const seededMarkets = await seedDemoMarketData(database.db, marketDataDir);
    if (seededMarkets.length > 0) {
      logger.info({ markets: seededMarkets, ms: Math.round(performance.now() - started) }, 'demo price history seeded');
    }
  }

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, logger);

  const app = await buildApp({
    database,
    mailer,
    jwtSecret: config.jwtSecret,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    marketDataDir,
    executor: createThreadPoolExecutor(engineWorkerLocation(import.meta.url)),
    webDistDir: webDistDir(),
    logger,
    weather: config.weather,
    trustProxy: config.trustProxy,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // PGlite takes one connection, so with it the jobs must run here; with PostgreSQL more runners
  // can join from other machines (npm run worker).
  app.services.jobRunner.start();
  console.log(`\n  Trading Platform is running at http://localhost:${config.port}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
