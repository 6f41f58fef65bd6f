// npm run rotate-key: re-encrypts every secret at rest (TOTP secrets, broker credentials) under
// ENCRYPTION_KEY, opening the old ones with the keys of ENCRYPTION_KEY_PREVIOUS, in one
// transaction: either every value is under the new key afterwards, or nothing changed. Works on
// PostgreSQL (DATABASE_URL) with the servers running, and on the PGlite of DATA_DIR with the
// server stopped (PGlite admits one process).
import { openDatabase } from '@platform/db';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { keyId } from './lib/crypto';
import { KeysRepository } from './modules/keys/keys.repository';
import { KeysService, UnreadableCiphertextError } from './modules/keys/keys.service';

async function main(): Promise<void> {
  const config = loadConfig(process.env, process.argv.slice(2));
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  try {
    const keys = new KeysService(new KeysRepository(database.db), {
      current: config.encryptionKey,
      previous: config.previousEncryptionKeys,
    });
    const counts = await keys.reencrypt('all');
    console.log(
      `Chiave attuale: ${keyId(config.encryptionKey)} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
    );
    for (const { table, column, reencrypted, unchanged } of counts) {
      console.log(`  ${table}.${column}: ${reencrypted} ricifrati, ${unchanged} già con la chiave attuale`);
    }
    const total = counts.reduce((sum, column) => sum + column.reencrypted, 0);
    console.log(
      `Totale ricifrati: ${total}. Le chiavi di ENCRYPTION_KEY_PREVIOUS non servono più a questi dati.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof UnreadableCiphertextError ? error.message : error,
  );
  process.exit(1);
});
