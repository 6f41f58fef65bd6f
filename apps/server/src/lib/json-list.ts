// The lists every open dashboard asks for every few seconds (investments, transactions), and the
// Logs view's pages, are answered as the JSON PostgreSQL writes for them: one text value for the
// whole list, which the route sends inside the envelope as it is. Reading the rows into objects,
// mapping them to the API's shape and serializing them again took about half of a transactions
// call in the API process (docs/benchmarks.md, API throughput). The SQL selects the very fields
// the contract declares, named as it names them; json-lists.test.ts checks each list against the
// TypeScript mapping the other calls use, or the rows as stored, on PGlite and on PostgreSQL.
//
// json_agg over the rows of a subquery costs PostgreSQL about what writing the same rows as text
// costs it; json_build_object for each row, about twice that.
import type { Database } from '@platform/db';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A JSON text of a T, written by the database, sent as it is. */
export class JsonText<T> {
  /** Only carries T for the type checker: the route's answer must be the endpoint's data. */
  declare readonly data?: T;

  constructor(readonly json: string) {}
}

/**
 * A timestamp as Date.prototype.toISOString writes it (UTC, milliseconds, Z): both truncate the
 * microseconds PostgreSQL keeps. Null stays null.
 */
export const isoTime = (column: PgColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Fields = Record<string, PgColumn | SQL>;

/** A select's fields named as the JSON names them: `column AS "name"` for each. */
export const jsonFields = (fields: Fields) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, sql`${value}`.as(name)]));

/** A nested JSON object of the fields given, in that order (at most 50 arguments). */
export function jsonObject(fields: Fields): SQL {
  const pairs = Object.entries(fields).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The rows of a select of jsonFields as one JSON array ('[]' for none), in the select's order:
 * PostgreSQL aggregates a sorted subquery in its order when, as here, the outer query does nothing
 * else (its manual, Aggregate Expressions).
 */
export const jsonArrayOf = (db: Database, rows: SQLWrapper) =>
  db.select({ json: sql<string>`coalesce(json_agg(listed), '[]')::text` }).from(sql`(${rows}) as listed`);

type PreparedJsonList = ReturnType<ReturnType<typeof jsonArrayOf>['prepare']>;

/**
 * One list written as JSON, everyone's for an admin or one owner's: each variant built once and
 * run as a prepared statement (on PostgreSQL a named one, parsed once per connection). rows gets
 * the owner's condition, a placeholder, or undefined for every row.
 */
export class OwnerScopedJsonList<T> {
  private every: PreparedJsonList | undefined;
  private ofOwner: PreparedJsonList | undefined;

  constructor(
    private readonly db: Database,
    private readonly rows: (ofOwner: SQL | undefined) => SQLWrapper,
    private readonly ownerColumn: PgColumn,
    private readonly name: string,
  ) {}

  private prepare(ofOwner: boolean): PreparedJsonList {
    const condition = ofOwner ? sql`${this.ownerColumn} = ${sql.placeholder('ownerId')}` : undefined;
    return jsonArrayOf(this.db, this.rows(condition)).prepare(ofOwner ? `${this.name}_of_owner` : this.name);
  }

  async run(ownerId?: string): Promise<JsonText<T>> {
    let rows: { json: string }[];
    // Two statements, not one with an optional condition, so each has a plan of its own.
    if (ownerId) {
      this.ofOwner ??= this.prepare(true);
      rows = await this.ofOwner.execute({ ownerId });
    } else {
      this.every ??= this.prepare(false);
      rows = await this.every.execute();
    }
    return new JsonText(rows[0]?.json ?? '[]');
  }
}
