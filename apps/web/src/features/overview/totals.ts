// The overview's three figures (product-spec.md section 9, Totals). Investments whose deletion
// was requested (isRunning 3) are hidden everywhere, so they count for nothing here either.
import { INVESTMENT_DELETION_REQUESTED, type Investment, type Transaction } from '@platform/contracts';

export interface PortfolioTotals {
  /** Sum of capital. */
  capital: number;
  /** Sum of capital × leverage. */
  notional: number;
  /** Sum of profitLoss over the transactions. */
  profitLoss: number;
}

export const isVisibleInvestment = (investment: Pick<Investment, 'isRunning'>) =>
  investment.isRunning !== INVESTMENT_DELETION_REQUESTED;

export function portfolioTotals(
  investments: readonly Pick<Investment, 'capital' | 'parameters' | 'isRunning'>[],
  transactions: readonly Pick<Transaction, 'profitLoss'>[],
): PortfolioTotals {
  let capital = 0;
  let notional = 0;
  for (const investment of investments) {
    if (!isVisibleInvestment(investment)) continue;
    capital += investment.capital;
    notional += investment.capital * investment.parameters.leverage;
  }
  const profitLoss = transactions.reduce((sum, transaction) => sum + transaction.profitLoss, 0);
  return { capital, notional, profitLoss };
}

/** 'profit' at zero or above, 'loss' below (section 2, Overview). */
export const profitOrLoss = (amount: number): 'profit' | 'loss' => (amount >= 0 ? 'profit' : 'loss');
