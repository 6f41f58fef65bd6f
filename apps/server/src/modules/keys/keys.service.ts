// Re-encryption of the ciphertexts at rest under the current master key: after a rotation
// (`npm run rotate-key`, every value not yet under ENCRYPTION_KEY) and, at each server start,
// the values of the format before key ids and row binding. One transaction: a value that no
// configured key opens stops it all, and nothing is written.
import { AtRestCipher, CiphertextError, type AtRestPurpose, type MasterKeys } from '../../lib/crypto';
import { cellOf, SEALED_COLUMNS, type SealedColumn } from '../../lib/sealed-columns';
import type { KeysRepository } from './keys.repository';

/** 'all': everything not under the current key; 'legacy': only values without a key id. */
export type ReencryptScope = 'all' | 'legacy';

export interface ColumnCount {
  table: string;
  column: string;
  /** Values written again under the current key. */
  reencrypted: number;
  /** Values already under it, left alone. */
  unchanged: number;
}

export class UnreadableCiphertextError extends Error {}

export class KeysService {
  private readonly ciphers: Record<AtRestPurpose, AtRestCipher>;

  constructor(
    private readonly repository: KeysRepository,
    masterKeys: MasterKeys,
  ) {
    this.ciphers = {
      'totp-secrets': new AtRestCipher(masterKeys, 'totp-secrets'),
      'broker-credentials': new AtRestCipher(masterKeys, 'broker-credentials'),
      'webhook-secrets': new AtRestCipher(masterKeys, 'webhook-secrets'),
    };
  }

  async reencrypt(scope: ReencryptScope): Promise<ColumnCount[]> {
    const tallies = Object.values(SEALED_COLUMNS).map((column: SealedColumn) => ({
      column,
      reencrypted: 0,
      unchanged: 0,
    }));
    const tables = [...new Set(tallies.map(({ column }) => column.table))];
    await this.repository.transaction(async (repository) => {
      for (const table of tables) {
        const ofTable = tallies.filter(({ column }) => column.table === table);
        const rows = await repository.lockRows(
          table,
          ofTable.map(({ column }) => column.column),
        );
        for (const row of rows) {
          const changes: Record<string, string> = {};
          for (const tally of ofTable) {
            const stored = row.values[tally.column.column];
            if (stored === null || stored === undefined) continue;
            const next = this.reencryptOne(tally.column, row.id, stored, scope);
            if (next === null) {
              tally.unchanged += 1;
            } else {
              changes[tally.column.column] = next;
              tally.reencrypted += 1;
            }
          }
          if (Object.keys(changes).length > 0) await repository.write(table, row.id, changes);
        }
      }
    });
    return tallies.map(({ column, reencrypted, unchanged }) => ({
      table: column.table,
      column: column.column,
      reencrypted,
      unchanged,
    }));
  }

  /** The value under the current key, or null when it needs no change. */
  private reencryptOne(
    column: SealedColumn,
    rowId: string,
    stored: string,
    scope: ReencryptScope,
  ): string | null {
    const cipher = this.ciphers[column.purpose];
    const legacy = AtRestCipher.isLegacy(stored);
    if (!legacy && (scope === 'legacy' || cipher.isCurrent(stored))) return null;
    const cell = cellOf(column, rowId);
    try {
      return cipher.encrypt(legacy ? cipher.decryptLegacy(stored) : cipher.decrypt(stored, cell), cell);
    } catch (error) {
      if (!(error instanceof CiphertextError)) throw error;
      throw new UnreadableCiphertextError(
        `${column.table}.${column.column} della riga ${rowId}: nessuna delle chiavi configurate la decifra ` +
          '(ENCRYPTION_KEY e ENCRYPTION_KEY_PREVIOUS). Nulla è stato modificato.',
      );
    }
  }
}
