// The test's app as an API process of a deployment on PostgreSQL (issue 34), wired as main.ts
// wires it there: its candles from the prices on the bus, its changes to investments told to the
// bot hosts on their channel. And the bars the bot hosts' feed replays, stored as an upload does.
import { BarStore } from '@platform/marketdata';
import { onTestFinished } from 'vitest';
import { CandleBook } from '../../../src/bots/host/feed/candle-book';
import { DatabasePriceBus } from '../../../src/bots/host/feed/price-bus';
import { MarketDataSets } from '../../../src/modules/marketdata/market-data-sets';
import { MarketDataRepository } from '../../../src/modules/marketdata/marketdata.repository';
import { notifyingBotControl } from '../../../src/roles/cluster-bot-control';
import { sawtooth } from '../bots/sawtooth';
import { createTestApp } from '../test-app';
import { clusterDatabase, type ClusterDatabase } from './cluster-database';
import { startServerProcess, type ServerProcess } from './server-process';

const silent = { info: () => undefined, warn: () => undefined };

/** GOLD bars in which every tooth is a grid cycle, for the feed to replay. */
async function storeSawtooth({ database, marketDataDir }: ClusterDatabase): Promise<void> {
  await new MarketDataSets(new MarketDataRepository(database.db), new BarStore(marketDataDir), 0).merge(
    'GOLD',
    '1m',
    sawtooth(400),
    { file: 'sawtooth.csv', format: 'generic', rows: 8000, at: new Date().toISOString() },
  );
}

/** A shared database with the sawtooth stored, and the test's app as its API: what a bot hosts' test starts from. */
export async function sawtoothCluster() {
  const shared = await clusterDatabase();
  await storeSawtooth(shared);
  return { shared, testApp: await clusterApi(shared) };
}

async function clusterApi({ database, marketDataDir, encryptionKey, jwtSecret }: ClusterDatabase) {
  const bus = new DatabasePriceBus(database.notifications, silent);
  await bus.start();
  onTestFinished(() => bus.close());
  const liveCandles = new CandleBook();
  bus.subscribe((event) => liveCandles.add(event));
  return createTestApp({
    database,
    encryptionKey,
    jwtSecret,
    marketDataDir,
    liveCandles,
    botControl: notifyingBotControl(database.notifications, silent),
  });
}

/**
 * A server of the bots role on the shared database (or through `databaseUrl`, a link the test may
 * cut), its leases lasting `leaseMs`, its feed replaying fast: a cycle every fifth of a second.
 */
export function startBotHost(
  shared: ClusterDatabase,
  name: string,
  leaseMs: number,
  databaseUrl = shared.url,
): Promise<ServerProcess> {
  return startServerProcess(
    name,
    shared.environment({
      ROLES: 'bots',
      BOT_HOST_NAME: name,
      BOT_LEASE_MS: String(leaseMs),
      FEED_SPEED: '6000',
      DATABASE_URL: databaseUrl,
    }),
  );
}
