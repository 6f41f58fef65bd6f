// The database of a process of any role: opened from the configuration (PGlite under DATA_DIR, or
// PostgreSQL), migrated (on PostgreSQL one process at a time, the others waiting: client.ts), and
// the secrets written before ciphertexts carried a key id brought to that format once, before
// anything reads them (README, Security).
import { openDatabase, type DatabaseHandle } from '@platform/db';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import type { Logger } from '../lib/logger';
import type { MasterKeys } from '../lib/crypto';
import { KeysRepository } from '../modules/keys/keys.repository';
import { KeysService } from '../modules/keys/keys.service';

export const masterKeysOf = (config: AppConfig): MasterKeys => ({
  current: config.encryptionKey,
  previous: config.previousEncryptionKeys,
});

export async function openProcessDatabase(
  config: AppConfig,
  logger: Pick<Logger, 'info'>,
): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  await database.migrate();
  const upgraded = await new KeysService(new KeysRepository(database.db), masterKeysOf(config)).reencrypt(
    'legacy',
  );
  const upgradedCount = upgraded.reduce((sum, column) => sum + column.reencrypted, 0);
  if (upgradedCount > 0) logger.info({ reencrypted: upgradedCount }, 'secrets at rest bound to their rows');
  return database;
}
