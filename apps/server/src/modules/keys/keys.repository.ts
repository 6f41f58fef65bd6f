// The ciphertexts at rest, read and written by column name (lib/sealed-columns.ts) for their
// re-encryption. The names come from that constant list, never from input.
import { queryRows, type Database } from '@platform/db';
import { sql } from 'drizzle-orm';

export type SealedValues = Record<string, string | null>;

export class KeysRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (repository: KeysRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new KeysRepository(tx)));
  }

  /**
   * The table's rows that hold a value in any of the columns, locked until the transaction ends:
   * a server writing meanwhile waits, and a second re-encryption reads what the first wrote.
   */
  async lockRows(table: string, columns: readonly string[]): Promise<{ id: string; values: SealedValues }[]> {
    const names = sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const anyValue = sql.join(
      columns.map((column) => sql`${sql.identifier(column)} IS NOT NULL`),
      sql` OR `,
    );
    const rows = await queryRows<SealedValues & { id: string }>(
      this.db,
      sql`SELECT id, ${names} FROM ${sql.identifier(table)} WHERE ${anyValue} ORDER BY id FOR UPDATE`,
    );
    return rows.map(({ id, ...values }) => ({ id, values }));
  }

  async write(table: string, id: string, values: Record<string, string>): Promise<void> {
    const assignments = sql.join(
      Object.entries(values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
      sql`, `,
    );
    await this.db.execute(sql`UPDATE ${sql.identifier(table)} SET ${assignments} WHERE id = ${id}`);
  }
}
