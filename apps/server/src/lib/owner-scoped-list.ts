// The lists the views ask for every few seconds (backtests, analyses): everyone's
// for an admin, one owner's for anyone else. Each variant is built on first use and then run as a
// prepared statement (on PostgreSQL a named one, parsed once per connection).
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgSelectPrepare } from 'drizzle-orm/pg-core';

export class OwnerScopedList<Query extends PgSelect> {
  private every: PgSelectPrepare<Query> | undefined;
  private ofOwner: PgSelectPrepare<Query> | undefined;

  /**
   * query: the whole list, made $dynamic(); ownerColumn: the column naming the row's owner; name:
   * the prepared statement's, `<name>_of_owner` for one owner's list.
   */
  constructor(
    private readonly query: () => Query,
    private readonly ownerColumn: PgColumn,
    private readonly name: string,
  ) {}

  /** ownerId limits the list to that owner's rows. */
  run(ownerId?: string): Promise<Query['_']['result']> {
    if (ownerId) {
      this.ofOwner ??= this.query()
        .where(eq(this.ownerColumn, sql.placeholder('ownerId')))
        .prepare(`${this.name}_of_owner`);
      return this.ofOwner.execute({ ownerId });
    }
    this.every ??= this.query().prepare(this.name);
    return this.every.execute();
  }
}
