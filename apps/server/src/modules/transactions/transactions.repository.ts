import { transactions, type Database } from '@platform/db';
import { asc, eq, sql } from 'drizzle-orm';

// The overview asks for the list every 5 s: each variant is built once and run as a prepared
// statement (on PostgreSQL a named one, parsed once per connection).
const listQuery = (db: Database) =>
  db.select().from(transactions).orderBy(asc(transactions.closedAt), asc(transactions.id)).$dynamic();
const prepareList = (db: Database) => listQuery(db).prepare('transactions_list');
const prepareUserList = (db: Database) =>
  listQuery(db)
    .where(eq(transactions.userId, sql.placeholder('userId')))
    .prepare('transactions_list_of_user');

export class TransactionsRepository {
  private everyList: ReturnType<typeof prepareList> | undefined;
  private userList: ReturnType<typeof prepareUserList> | undefined;

  constructor(private readonly db: Database) {}

  /** Oldest first, the order of a cumulative profit/loss chart; userId limits it to one owner. */
  list(userId?: string) {
    if (userId) {
      this.userList ??= prepareUserList(this.db);
      return this.userList.execute({ userId });
    }
    this.everyList ??= prepareList(this.db);
    return this.everyList.execute();
  }
}
