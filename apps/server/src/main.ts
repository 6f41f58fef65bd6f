// The server process: configuration, database, first-start seed, HTTP, graceful shutdown.
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
    webDistDir: webDistDir(),
    logger,
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
  console.log(`\n  Trading Platform is running at http://localhost:${config.port}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
