// The initial view (product-spec.md section 2, Overview): the three headline figures and the
// profit/loss chart of the transactions. The live price charts arrive with a later issue.
import type { Investment, Transaction } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { collections } from '../../lib/collections/collections';
import { HeadlineFigures } from './components/headline-figures';
import { ProfitLossChart } from './components/profit-loss-chart';
import { portfolioTotals } from './totals';
import './overview.css';

// Stable while a list has not loaded (or failed), so the chart is not redrawn on every render.
const NO_INVESTMENTS: Investment[] = [];
const NO_TRANSACTIONS: Transaction[] = [];

export function OverviewView() {
  const investments = useQuery(collections.investments);
  const transactions = useQuery(collections.transactions);
  const transactionList = transactions.data ?? NO_TRANSACTIONS;
  const totals = portfolioTotals(investments.data ?? NO_INVESTMENTS, transactionList);
  return (
    <div className="overview">
      <HeadlineFigures totals={totals} />
      <ProfitLossChart transactions={transactionList} />
    </div>
  );
}
