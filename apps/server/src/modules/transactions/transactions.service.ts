import type { Role, Transaction } from '@platform/contracts';
import type { TransactionsRepository } from './transactions.repository';

export class TransactionsService {
  constructor(private readonly repository: TransactionsRepository) {}

  /** Admins see every statement line, everyone else their own. */
  async list(viewer: { id: string; role: Role }): Promise<Transaction[]> {
    const rows = await this.repository.list(viewer.role === 'admin' ? undefined : viewer.id);
    return rows.map((row) => ({
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
    }));
  }
}
