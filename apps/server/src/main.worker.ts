// A job runner alone (npm run worker): more machines computing backtests and analyses against
// the same PostgreSQL and the same price files (DATA_DIR/marketdata on a shared volume). The
// server migrates the database; this process only claims jobs.
import { openDatabase } from '@platform/db';
import { BarStore } from '@platform/marketdata';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { stdoutLogger } from './lib/logger';
import { createOutboxMailer, createSmtpMailer } from './lib/mailer';
import { createThreadPoolExecutor, engineWorkerLocation } from './engine-pool/thread-pool-executor';
import { MarketDataSets } from './modules/marketdata/market-data-sets';
import { MarketDataRepository } from './modules/marketdata/marketdata.repository';
import { buildServices } from './services';
import { drainJobsAtShutdown, onStopSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker richiede DATABASE_URL (PostgreSQL): con PGlite i job girano nel server stesso.');
  }
  const logger = stdoutLogger(config.logLevel, config.logFormat);
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const services = buildServices({
    database,
    mailer: config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, logger),
    jwtSecret: config.jwtSecret,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys,
    publicUrl: config.publicUrl,
    prices: new MarketDataSets(new MarketDataRepository(database.db), new BarStore(join(config.dataDir, 'marketdata'))),
    executor: createThreadPoolExecutor(engineWorkerLocation(import.meta.url)),
    jobLogger: logger,
    runnerName: config.runnerName,
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'worker stopping after the job in hand');
    // A job still running at SHUTDOWN_TIMEOUT_MS goes back to the queue for another runner.
    await drainJobsAtShutdown(services, database.db, config.shutdownTimeoutMs, logger);
    await services.executor.close();
    await database.close();
    process.exit(0);
  };
  onStopSignals(shutdown);

  services.jobRunner.start();
  logger.info({ worker: services.jobRunner.worker }, 'job worker running');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
