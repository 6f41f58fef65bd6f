// A result row's curve (issue 36): the figures the run ends with, then one chart drawn with
// TradingView's lightweight-charts in three panes sharing the time axis: equity and balance (with
// the cycles closed by the stop marked, and the worst drawdown's peak and low), the drawdown from
// the running peak, and the cycles closed along the period. The server sends at most about 1,500
// points, each closing a stretch of bars: equity and balance at its close, the deepest drawdown
// inside it, its cycles. A second tab, 'Prezzo', draws the market with the row's cycles
// (equity-curve-price-chart.tsx).
import { EQUITY_CURVE_MESSAGES, type EquityCurveData } from '@platform/contracts';
import {
  AreaSeries,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineType,
  type IChartApi,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import { useCallback, useId, useRef, useState } from 'react';
import { CHART_PALETTES, type ChartPalette } from '../../../components/charts/chart-palette';
import { ChartFigures, ChartFrame, ChartLegend } from '../../../components/charts/chart-panel';
import { chartSeconds as seconds, useDialogChart } from '../../../components/charts/dialog-chart';
import { formatDateTime, formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { useTheme, type Theme } from '../../../lib/theme';
import { useEquityCurve } from '../api/get-equity-curve';
import { formatDuration } from '../equity-curve-figures';
import { CurvePriceChart, CurvePriceLegend } from './equity-curve-price-chart';

type CurveTab = 'equity' | 'price';
const TABS: [CurveTab, string][] = [
  ['equity', EQUITY_CURVE_MESSAGES.equityTab],
  ['price', EQUITY_CURVE_MESSAGES.priceTab],
];

/** Equity or the market: a tab list (arrow keys move between the two, as the ARIA pattern says). */
function CurveTabs({ curve, theme }: { curve: EquityCurveData; theme: Theme }) {
  const [tab, setTab] = useState<CurveTab>('equity');
  const baseId = useId();
  const tabId = (name: CurveTab) => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;
  const tabRefs = useRef<Partial<Record<CurveTab, HTMLButtonElement | null>>>({});
  const move = (name: CurveTab) => {
    setTab(name);
    tabRefs.current[name]?.focus();
  };
  return (
    <>
      <div className="equity-curve__tabs" role="tablist" aria-label="Grafico">
        {TABS.map(([name, label]) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            id={tabId(name)}
            type="button"
            role="tab"
            className="equity-curve__tab"
            aria-selected={tab === name}
            aria-controls={panelId}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft')
                move(name === 'equity' ? 'price' : 'equity');
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)}>
        {tab === 'equity' ? (
          <>
            <CurveChart curve={curve} />
            <Legend theme={theme} />
          </>
        ) : (
          <>
            <CurvePriceChart curve={curve} />
            <CurvePriceLegend />
          </>
        )}
      </div>
    </>
  );
}

const translucent = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

const isoOf = (ms: number) => new Date(ms).toISOString();

/** The first point at or after a time (points are in time order): where a marker of that moment sits. */
function pointAt(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function markersOf(curve: EquityCurveData, palette: ChartPalette): SeriesMarker<Time>[] {
  const { time, stops } = curve.points;
  const markers: SeriesMarker<Time>[] = [];
  stops.forEach((count, index) => {
    if (count === 0) return;
    // An arrow per stretch with stops; their number only when there are several (the legend says what an arrow is).
    markers.push({
      time: seconds(time[index] as number),
      position: 'aboveBar',
      shape: 'arrowDown',
      color: palette.fall,
      ...(count > 1 ? { text: String(count) } : {}),
    });
  });
  if (curve.peakAt !== null && curve.troughAt !== null) {
    const peak = seconds(time[pointAt(time, curve.peakAt)] as number);
    const trough = seconds(time[pointAt(time, curve.troughAt)] as number);
    markers.push(
      { time: peak, position: 'aboveBar', shape: 'circle', color: palette.equity, text: 'Picco' },
      {
        time: trough,
        position: 'belowBar',
        shape: 'arrowUp',
        color: palette.fall,
        text: `Drawdown massimo ${formatPercent(curve.maxDrawdown)}`,
      },
    );
  }
  // The library wants them in time order.
  return markers.sort((a, b) => (a.time as number) - (b.time as number));
}

function drawCurve(chart: IChartApi, curve: EquityCurveData, theme: Theme): void {
  const palette = CHART_PALETTES[theme];
  const { time, balance, equity, drawdown, cycles } = curve.points;
  const at = (index: number) => seconds(time[index] as number);
  const euro = { type: 'custom' as const, formatter: formatEuro, minMove: 0.01 };

  const equitySeries = chart.addSeries(LineSeries, {
    color: palette.equity,
    lineWidth: 2,
    priceFormat: euro,
    title: 'Equity',
  });
  equitySeries.setData(equity.map((value, index) => ({ time: at(index), value })));
  const balanceSeries = chart.addSeries(LineSeries, {
    color: palette.balance,
    lineWidth: 2,
    lineType: LineType.WithSteps,
    priceFormat: euro,
    title: 'Balance',
  });
  balanceSeries.setData(balance.map((value, index) => ({ time: at(index), value })));
  createSeriesMarkers(equitySeries, markersOf(curve, palette));

  const drawdownSeries = chart.addSeries(
    AreaSeries,
    {
      lineColor: palette.fall,
      topColor: translucent(palette.fall, 0.05),
      bottomColor: translucent(palette.fall, 0.35),
      invertFilledArea: true,
      lineWidth: 1,
      priceFormat: { type: 'custom', formatter: (value: number) => formatPercent(value), minMove: 0.01 },
      title: 'Drawdown',
    },
    1,
  );
  drawdownSeries.setData(drawdown.map((value, index) => ({ time: at(index), value: -value })));

  const cyclesSeries = chart.addSeries(
    HistogramSeries,
    { color: palette.cycles, priceFormat: { type: 'volume' }, title: 'Cicli' },
    2,
  );
  cyclesSeries.setData(
    cycles.map((value, index) => ({
      time: at(index),
      value,
      ...(curve.points.stops[index] ? { color: palette.fall } : {}),
    })),
  );

  const [main, drawdownPane, cyclesPane] = chart.panes();
  main?.setStretchFactor(3);
  drawdownPane?.setStretchFactor(1.3);
  cyclesPane?.setStretchFactor(0.9);
  chart.timeScale().fitContent();
}

function CurveChart({ curve }: { curve: EquityCurveData }) {
  const draw = useCallback((chart: IChartApi, theme: Theme) => drawCurve(chart, curve, theme), [curve]);
  const containerRef = useDialogChart(draw, { keepRangeOnResize: true });

  const summary =
    `Equity da ${formatEuro(curve.capital)} a ${formatEuro(curve.finalEquity)} dal ${formatDateTime(isoOf(curve.points.time[0] ?? 0))} ` +
    `al ${formatDateTime(isoOf(curve.points.time.at(-1) ?? 0))}; drawdown massimo ${formatPercent(curve.maxDrawdown)}; ` +
    `${curve.trades} cicli chiusi, di cui ${curve.stops} dallo stop.`;
  return <ChartFrame containerRef={containerRef} summary={summary} testId="equity-curve-chart" />;
}

function Legend({ theme }: { theme: Theme }) {
  const palette = CHART_PALETTES[theme];
  return (
    <ChartLegend
      items={[
        { label: 'Equity', color: palette.equity },
        { label: 'Balance', color: palette.balance },
        { label: 'Drawdown dal picco', color: palette.fall },
        { label: 'Cicli chiusi (in rosso con stop)', color: palette.cycles },
        // The arrows over the equity line: the cycles closed by the stop.
        { label: 'Stop', color: palette.fall, symbol: '▼' },
      ]}
    />
  );
}

export function EquityCurvePanel({ backtestId, row }: { backtestId: string; row: number }) {
  const theme = useTheme();
  const curve = useEquityCurve(backtestId, row);
  if (curve.isPending)
    return (
      <div className="spinner backtests-loading" role="status" aria-label={EQUITY_CURVE_MESSAGES.loading} />
    );
  if (curve.isError)
    return (
      <p className="backtests-error" role="alert">
        {curve.error.message || EQUITY_CURVE_MESSAGES.error}
      </p>
    );
  const data = curve.data;
  const figures: [string, string][] = [
    ['Profit', formatEuro(data.profit)],
    ['Balance finale', formatEuro(data.finalBalance)],
    ['Equity finale', formatEuro(data.finalEquity)],
    ['Drawdown massimo', formatPercent(data.maxDrawdown)],
    ['Cicli chiusi', formatNumber(data.trades, 0)],
    ['Chiusi dallo stop', formatNumber(data.stops, 0)],
    [
      'Tempo sott’acqua (max)',
      data.underwater
        ? `${formatDuration(data.underwater.to - data.underwater.from)}${data.underwater.recovered ? '' : ' (non recuperato)'}`
        : '—',
    ],
  ];
  if (data.openPnl !== 0) figures.splice(3, 0, ['Posizione aperta a fine periodo', formatEuro(data.openPnl)]);
  return (
    <>
      <ChartFigures figures={figures} />
      {data.peakAt !== null && data.troughAt !== null && (
        <p className="muted-note chart-panel__note">
          Drawdown massimo dal picco del {formatDateTime(isoOf(data.peakAt))} al minimo del{' '}
          {formatDateTime(isoOf(data.troughAt))}.
          {data.underwater &&
            ` Il periodo più lungo sotto il picco va dal ${formatDateTime(isoOf(data.underwater.from))} al ${formatDateTime(isoOf(data.underwater.to))}${data.underwater.recovered ? '' : ', fine del periodo, senza recupero'}.`}
        </p>
      )}
      <CurveTabs curve={data} theme={theme} />
    </>
  );
}
