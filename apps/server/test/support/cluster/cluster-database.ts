// What the processes of one deployment share, for a test that starts several (issue 34): a
// PostgreSQL database of the test's own, a folder of stored price bars, the keys, and the
// environment each process gets beside its roles.
import type { DatabaseHandle } from '@platform/db';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createPostgresTestDatabase } from '../test-database';

export interface ClusterDatabase {
  database: DatabaseHandle;
  url: string;
  marketDataDir: string;
  encryptionKey: string;
  jwtSecret: string;
  /** A process's environment: the shared database, bars and keys, then its own settings. */
  environment(own: Record<string, string>): Record<string, string>;
}

export async function clusterDatabase(): Promise<ClusterDatabase> {
  const { handle: database, url } = await createPostgresTestDatabase();
  onTestFinished(() => database.close());
  const marketDataDir = await mkdtemp(join(tmpdir(), 'cluster-marketdata-'));
  onTestFinished(() => rm(marketDataDir, { recursive: true, force: true }));
  const encryptionKey = randomBytes(32).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  return {
    database,
    url,
    marketDataDir,
    encryptionKey,
    jwtSecret,
    environment: (own) => ({
      DATABASE_URL: url,
      ENCRYPTION_KEY: encryptionKey,
      JWT_SECRET: jwtSecret,
      MARKETDATA_DIR: marketDataDir,
      ...own,
    }),
  };
}
