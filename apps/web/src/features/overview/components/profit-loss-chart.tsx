// The 'PROFIT/LOSS CHART' card: the running total of the transactions' profit/loss, drawn with
// TradingView's lightweight-charts. Above zero in the profit colour, below in the loss colour;
// the colours follow the theme and the chart follows its container's size.
import {
  BaselineSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo } from 'react';
import type { Transaction } from '@platform/contracts';
import '../../../components/components.css';
import { formatEuro } from '../../../lib/format';
import { CHART_BASE_OPTIONS } from './chart-theme';
import { useCardChart } from './use-card-chart';
import { cumulativeProfitLoss } from '../profit-loss-series';

/** #rrggbb with an alpha, for the fills under and over the line. */
const translucent = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

function makeProfitLossChart(container: HTMLElement): { chart: IChartApi; series: ISeriesApi<'Baseline'> } {
  const chart = createChart(container, {
    ...CHART_BASE_OPTIONS,
    localization: { locale: 'it-IT', priceFormatter: formatEuro },
    timeScale: { timeVisible: true, secondsVisible: false, borderVisible: false },
  });
  const series = chart.addSeries(BaselineSeries, { baseValue: { type: 'price', price: 0 }, lineWidth: 2 });
  return { chart, series };
}

const profitLossColours = (palette: { rise: string; fall: string }) => ({
  topLineColor: palette.rise,
  topFillColor1: translucent(palette.rise, 0.28),
  topFillColor2: translucent(palette.rise, 0.04),
  bottomLineColor: palette.fall,
  bottomFillColor1: translucent(palette.fall, 0.04),
  bottomFillColor2: translucent(palette.fall, 0.28),
});

export function ProfitLossChart({ transactions }: { transactions: readonly Transaction[] }) {
  const { containerRef, chartRef } = useCardChart(makeProfitLossChart, profitLossColours);
  const points = useMemo(() => cumulativeProfitLoss(transactions), [transactions]);
  const total = points.at(-1)?.value ?? 0;

  useEffect(() => {
    const current = chartRef.current;
    if (!current) return;
    current.series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    current.chart.timeScale().fitContent();
  }, [chartRef, points]);

  return (
    <section className="card overview-card" aria-labelledby="profit-loss-chart-title">
      <h2 id="profit-loss-chart-title" className="overview-card__title">
        PROFIT/LOSS CHART
      </h2>
      <div className="profit-loss-chart">
        <div ref={containerRef} className="profit-loss-chart__canvas" />
        {/* Over the chart, not on it: the chart holds the library's attribution link (live-price-chart.tsx). */}
        <div
          className="chart-label"
          role="img"
          aria-label={`Profit/loss cumulato su ${transactions.length} transazioni: ${formatEuro(total)}`}
        />
        {points.length === 0 && (
          <p className="profit-loss-chart__empty">Nessun dato disponibile al momento</p>
        )}
      </div>
    </section>
  );
}
