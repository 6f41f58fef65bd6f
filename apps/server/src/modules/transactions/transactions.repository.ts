import type { Transaction } from '@platform/contracts';
import { transactions, type Database } from '@platform/db';
import { asc } from 'drizzle-orm';
import { isoTime, jsonFields, OwnerScopedJsonList, type JsonText } from '../../lib/json-list';

/** A transaction as the API answers it, the shape toTransaction (transactions.service.ts) makes. */
const transactionFields = jsonFields({
  _id: transactions.id,
  investmentId: transactions.investmentId,
  market: transactions.market,
  lots: transactions.lots,
  entryPrice: transactions.entryPrice,
  exitPrice: transactions.exitPrice,
  reason: transactions.reason,
  openedAt: isoTime(transactions.openedAt),
  closedAt: isoTime(transactions.closedAt),
  profitLoss: transactions.profitLoss,
});

export class TransactionsRepository {
  // The overview asks for the list every 5 s: oldest first, the order of a cumulative
  // profit/loss chart, written as JSON by the database (lib/json-list.ts).
  private readonly lists: OwnerScopedJsonList<Transaction[]>;

  constructor(db: Database) {
    this.lists = new OwnerScopedJsonList(
      db,
      (ofOwner) =>
        db
          .select(transactionFields)
          .from(transactions)
          .where(ofOwner)
          .orderBy(asc(transactions.closedAt), asc(transactions.id)),
      transactions.userId,
      'transactions_list',
    );
  }

  /** userId limits it to one owner's transactions. */
  listJson(userId?: string): Promise<JsonText<Transaction[]>> {
    return this.lists.run(userId);
  }
}
