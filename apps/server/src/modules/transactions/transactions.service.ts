import type { Transaction } from '@platform/contracts';
import type { TransactionRow } from '@platform/db';
import { ownerScope, type Viewer } from '../../lib/policy';
import type { TransactionsRepository } from './transactions.repository';

/**
 * A stored closed cycle as the API answers it: the statement list and an investment's view
 * (investment-chart.service.ts) send the same shape, so they build it in one place.
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
  async list(viewer: Pick<Viewer, 'id' | 'role'>): Promise<Transaction[]> {
    const rows = await this.repository.list(ownerScope(viewer));
    return rows.map(toTransaction);
  }
}
