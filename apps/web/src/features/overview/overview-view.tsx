// The initial view (product-spec.md section 2, Overview): the three headline figures, then the
// live price charts of XAUUSD and NASDAQ and the profit/loss chart of the transactions. While it
// is open the investments and transactions are asked again every 5 s, so the totals and the chart
// move as the bots close cycles.
import type { Investment, Market, Transaction } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { collections } from '../../lib/collections/collections';
import { LIVE_COLLECTION_REFRESH_MS } from '../../lib/collections/live-refresh';
import { HeadlineFigures } from './components/headline-figures';
import { LivePriceChart } from './components/live-price-chart';
import { ProfitLossChart } from './components/profit-loss-chart';
import { portfolioTotals } from './totals';
import './overview.css';

// Stable while a list has not loaded (or failed), so the chart is not redrawn on every render.
const NO_INVESTMENTS: Investment[] = [];
const NO_TRANSACTIONS: Transaction[] = [];

/** The spec names gold by its symbol; the API by the market. */
const LIVE_CHARTS: { market: Market; symbol: string }[] = [
  { market: 'GOLD', symbol: 'XAUUSD' },
  { market: 'NASDAQ', symbol: 'NASDAQ' },
];

export function OverviewView() {
  const investments = useQuery({ ...collections.investments, refetchInterval: LIVE_COLLECTION_REFRESH_MS });
  const transactions = useQuery({ ...collections.transactions, refetchInterval: LIVE_COLLECTION_REFRESH_MS });
  const transactionList = transactions.data ?? NO_TRANSACTIONS;
  const totals = portfolioTotals(investments.data ?? NO_INVESTMENTS, transactionList);
  return (
    <div className="overview">
      <HeadlineFigures totals={totals} />
      <div className="overview__live-charts">
        {LIVE_CHARTS.map(({ market, symbol }) => (
          <LivePriceChart key={market} market={market} symbol={symbol} />
        ))}
      </div>
      <ProfitLossChart transactions={transactionList} />
    </div>
  );
}
