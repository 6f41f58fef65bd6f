// An investment opened from its row (issue 36, point 2): a dialog over the list with its market's
// price chart and the bot's entries and exits, its equity, its open positions and transactions.
// The chart's library (lightweight-charts) arrives in a chunk of its own on the first opening, so
// the Investments view does not download it for a user who never opens one.
import { INVESTMENT_CHART_MESSAGES, type Investment } from '@platform/contracts';
import { lazy } from 'react';
import { ChartDialog } from '../../../components/charts/chart-dialog';
import { loadChunk } from '../../../lib/load-chunk';
import './investment-chart.css';

const InvestmentChartPanel = lazy(() =>
  loadChunk(() => import('./investment-chart-panel')).then((chunk) => ({
    default: chunk.InvestmentChartPanel,
  })),
);

interface InvestmentChartDialogProps {
  /** null: closed. */
  investment: Investment | null;
  onClose: () => void;
}

export function InvestmentChartDialog({ investment, onClose }: InvestmentChartDialogProps) {
  return (
    <ChartDialog
      open={investment !== null}
      onClose={onClose}
      title={INVESTMENT_CHART_MESSAGES.title}
      subject={investment && `${investment.account.accountId} · ${investment.algorithm.name}`}
      loading={{ label: INVESTMENT_CHART_MESSAGES.loading, className: 'investments-loading' }}
    >
      {investment && <InvestmentChartPanel key={investment._id} investmentId={investment._id} />}
    </ChartDialog>
  );
}
