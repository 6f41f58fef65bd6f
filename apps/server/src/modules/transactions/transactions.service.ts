import type { Role, Transaction } from '@platform/contracts';
import type { TransactionRow } from '@platform/db';
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
  async list(viewer: { id: string; role: Role }): Promise<Transaction[]> {
    const rows = await this.repository.list(viewer.role === 'admin' ? undefined : viewer.id);
    return rows.map(toTransaction);
  }
}
