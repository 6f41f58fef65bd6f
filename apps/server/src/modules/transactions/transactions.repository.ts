import { transactions, type Database } from '@platform/db';
import { asc, eq } from 'drizzle-orm';

export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  /** Oldest first, the order of a cumulative profit/loss chart; userId limits it to one owner. */
  list(userId?: string) {
    const query = this.db.select().from(transactions).orderBy(asc(transactions.closedAt), asc(transactions.id)).$dynamic();
    return userId ? query.where(eq(transactions.userId, userId)) : query;
  }
}
