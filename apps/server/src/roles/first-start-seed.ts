// What the API role writes on a first start (DESIGN.md section 3): the admin (its generated
// password printed once), and with demo data the demo customer, its account and investments, and
// the synthetic price history.
import { DEMO_USERNAME, seedDatabase, seedDemoData, type DatabaseHandle } from '@platform/db';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';
import { AtRestCipher } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import { hashPassword } from '../lib/passwords';
import { accountCredentialSealer } from '../lib/sealed-columns';
import { seedDemoMarketData } from '../modules/marketdata/demo-market-data';
import { masterKeysOf } from './process-database';

export async function seedFirstStart(
  database: DatabaseHandle,
  config: AppConfig,
  logger: Pick<Logger, 'info'>,
): Promise<void> {
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
  if (!config.demoData) return;

  const demoPassword = randomBytes(9).toString('base64url');
  const demo = await seedDemoData(database.db, {
    hashPassword: () => hashPassword(demoPassword),
    encryptCredential: accountCredentialSealer(new AtRestCipher(masterKeysOf(config), 'broker-credentials')),
    now: new Date(),
  });
  if (demo.demoUserCreated) {
    console.log(`  Demo customer: ${DEMO_USERNAME}\n  Password (shown only now): ${demoPassword}\n`);
  }
  const started = performance.now();
  const seededMarkets = await seedDemoMarketData(database.db, config.marketDataDir);
  if (seededMarkets.length > 0) {
    logger.info(
      { markets: seededMarkets, ms: Math.round(performance.now() - started) },
      'demo price history seeded',
    );
  }
}
