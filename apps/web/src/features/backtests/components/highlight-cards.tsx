// The three highlight cards above the results (product-spec.md section 2), each with the row's
// annual return over the backtest's period (engine.md section 5).
import type { Backtest, BacktestResult } from '@platform/contracts';
import { useId } from 'react';
import { formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { annualReturn, formatAnnualReturn, highlights, rankedPeriod, RISK_STEP } from '../backtest-results';

interface HighlightCardsProps {
  backtest: Backtest;
  risk: number;
}

export function HighlightCards({ backtest, risk }: HighlightCardsProps) {
  const { highestProfit, highestProfitInBand, bestRatio } = highlights(backtest.results, risk);
  return (
    <div className="backtest-highlights">
      <HighlightCard title="Profitto più alto" row={highestProfit} backtest={backtest} />
      <HighlightCard
        title={`Profitto più alto con requirement tra ${Math.max(0, risk - RISK_STEP)}% e ${risk}%`}
        row={highestProfitInBand}
        backtest={backtest}
      />
      <HighlightCard title="Miglior rapporto interest / requirement" row={bestRatio} backtest={backtest} />
    </div>
  );
}

function HighlightCard({
  title,
  row,
  backtest,
}: {
  title: string;
  row: BacktestResult | undefined;
  backtest: Backtest;
}) {
  const titleId = useId();
  // Over the days the row's profit was made on: without the held-back part (out of sample).
  const period = rankedPeriod(backtest);
  const yearly = row ? annualReturn(backtest.capital, row.profit, period.from, period.to) : undefined;
  return (
    <article className="inset-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="backtest-highlight__title">
        {title}
      </h3>
      {row ? (
        <>
          <p
            className={
              row.profit >= 0
                ? 'backtest-highlight__profit'
                : 'backtest-highlight__profit backtest-highlight__profit--loss'
            }
          >
            {formatEuro(row.profit)}
          </p>
          <dl className="backtest-highlight__facts">
            <dt>Rendimento annuo</dt>
            <dd>{formatAnnualReturn(yearly)}</dd>
            <dt>Interest</dt>
            <dd>{formatPercent(row.interest)}</dd>
            <dt>Requirement</dt>
            <dd>{formatPercent(row.requirement)}</dd>
            <dt>Interest / requirement</dt>
            <dd>{row.requirement > 0 ? formatNumber(row.interest / row.requirement, 3) : '—'}</dd>
            <dt>Size / Addizionale</dt>
            <dd>
              {formatNumber(row.size, 3)} / {formatNumber(row.addizionale, 3)}
            </dd>
            <dt>Mediazione / Target</dt>
            <dd>
              {formatNumber(row.mediazione)} / {formatNumber(row.target)}
            </dd>
            <dt>Trades</dt>
            <dd>{row.trades}</dd>
          </dl>
        </>
      ) : (
        <p className="muted-note">Nessun risultato in questo intervallo di rischio.</p>
      )}
    </article>
  );
}
