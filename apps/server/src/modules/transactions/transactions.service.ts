import type { Transaction } from '@platform/contracts';
import type { TransactionRow } from '@platform/db';
import type { JsonText } from '../../lib/json-list';
import { ownerScope, type Viewer } from '../../lib/policy';
import type { TransactionsRepository } from './transactions.repository';

/**
 * A stored closed cycle as the API answers it, for an investment's view (investment-chart.service.ts).
 * The list's SQL writes the same shape itself (transactions.repository.ts); json-lists.test.ts
 * holds the two equal.
 */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    _id: row.id,
    investmentId: row.investmentId,
    market: row.market,
    lots: row.lots,
    entryPrice: row.entryPrice,
    exitPrice: row.exitPrice,
    reason: row.reason,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt.toISOString(),
    profitLoss: row.profitLoss,
  };
}

export class TransactionsService {
  constructor(private readonly repository: TransactionsRepository) {}

  /** Admins see every statement line, everyone else their own. */
  list(viewer: Pick<Viewer, 'id' | 'role'>): Promise<JsonText<Transaction[]>> {
    return this.repository.listJson(ownerScope(viewer));
  }
}
