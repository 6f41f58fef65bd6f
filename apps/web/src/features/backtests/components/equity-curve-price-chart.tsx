// The 'Prezzo' tab of a result row's curve (issue 36, point 2): the market over the backtest's
// period as candles, one per point of the curve (the bars of its stretch), with the row's cycles
// as markers: an arrow up under a candle in which cycles opened, an arrow down over one in which
// they closed (red when the stop closed one), their number beside it when there are several. The
// same walk of the engine made the curve, so the markers are the row's own cycles.
import type { EquityCurveData } from '@platform/contracts';
import { createSeriesMarkers, type IChartApi, type SeriesMarkerBar, type Time } from 'lightweight-charts';
import { useCallback } from 'react';
import { CHART_PALETTES } from '../../../components/charts/chart-palette';
import { ChartFrame, ChartLegend } from '../../../components/charts/chart-panel';
import {
  addCandleSeries,
  candleData,
  chartSeconds,
  useDialogChart,
} from '../../../components/charts/dialog-chart';
import { formatDateTime } from '../../../lib/format';
import { useTheme, type Theme } from '../../../lib/theme';

const countText = (count: number) => (count > 1 ? { text: String(count) } : {});

/** An entry marker per point with cycles opened, an exit marker per point with cycles closed. */
export function cycleMarkers(curve: EquityCurveData, theme: Theme): SeriesMarkerBar<Time>[] {
  const palette = CHART_PALETTES[theme];
  const { time, opens, cycles, stops } = curve.points;
  const markers: SeriesMarkerBar<Time>[] = [];
  time.forEach((ms, index) => {
    const opened = opens[index] ?? 0;
    const closed = cycles[index] ?? 0;
    if (opened > 0)
      markers.push({
        time: chartSeconds(ms),
        position: 'belowBar',
        shape: 'arrowUp',
        color: palette.entry,
        ...countText(opened),
      });
    if (closed > 0)
      markers.push({
        time: chartSeconds(ms),
        position: 'aboveBar',
        shape: 'arrowDown',
        color: (stops[index] ?? 0) > 0 ? palette.fall : palette.exit,
        ...countText(closed),
      });
  });
  return markers;
}

export function CurvePriceChart({ curve }: { curve: EquityCurveData }) {
  const draw = useCallback(
    (chart: IChartApi, theme: Theme) => {
      const candles = addCandleSeries(chart, theme, { title: curve.market, market: curve.market });
      candles.setData(candleData(curve.points.time, curve.prices));
      createSeriesMarkers(candles, cycleMarkers(curve, theme));
      chart.timeScale().fitContent();
    },
    [curve],
  );
  const containerRef = useDialogChart(draw, { keepRangeOnResize: true });

  const opened = curve.points.opens.reduce((sum, count) => sum + count, 0);
  const from = curve.points.time[0] ?? 0;
  const to = curve.points.time.at(-1) ?? 0;
  const summary =
    `Prezzo di ${curve.market} dal ${formatDateTime(new Date(from).toISOString())} al ${formatDateTime(new Date(to).toISOString())}` +
    ` con ${opened} cicli aperti e ${curve.trades} chiusi, di cui ${curve.stops} dallo stop.`;
  return (
    <ChartFrame
      containerRef={containerRef}
      summary={summary}
      testId="equity-curve-price-chart"
      data={{ 'data-opened': opened, 'data-closed': curve.trades }}
    />
  );
}

export function CurvePriceLegend() {
  const palette = CHART_PALETTES[useTheme()];
  return (
    <ChartLegend
      items={[
        { symbol: '▲', color: palette.entry, label: 'Cicli aperti' },
        { symbol: '▼', color: palette.exit, label: 'Cicli chiusi' },
        { symbol: '▼', color: palette.fall, label: 'Con stop' },
      ]}
      note="Il numero accanto a una freccia: più cicli nello stesso tratto."
    />
  );
}
