// A result row's curve (issue 36): the figures the run ends with, then one chart drawn with
// TradingView's lightweight-charts in three panes sharing the time axis: equity and balance (with
// the cycles closed by the stop marked, and the worst drawdown's peak and low), the drawdown from
// the running peak, and the cycles closed along the period. The server sends at most about 1,500
// points, each closing a stretch of bars: equity and balance at its close, the deepest drawdown
// inside it, its cycles.
import { EQUITY_CURVE_MESSAGES, type EquityCurveData } from '@platform/contracts';
import {
  AreaSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineType,
  type IChartApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatEuro, formatNumber, formatPercent } from '../../../lib/format';
import { useTheme, type Theme } from '../../../lib/theme';
import { useEquityCurve } from '../api/get-equity-curve';
import { formatDuration } from '../equity-curve-figures';

/**
 * The canvas cannot read CSS variables: the colours mirror the tokens of base.css (the overview's
 * charts keep their own copy; features do not share code).
 */
const PALETTES: Record<
  Theme,
  { text: string; grid: string; equity: string; balance: string; fall: string; cycles: string }
> = {
  light: {
    text: '#5b6b82',
    grid: '#e7edf5',
    equity: '#056cf2',
    balance: '#1b873f',
    fall: '#c62828',
    cycles: '#8fa3bf',
  },
  dark: {
    text: '#9aa9bf',
    grid: '#22324a',
    equity: '#5b9dff',
    balance: '#4cc97a',
    fall: '#ff6b6b',
    cycles: '#5a6d88',
  },
};

const translucent = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

const seconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;
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

function markersOf(curve: EquityCurveData, palette: (typeof PALETTES)[Theme]): SeriesMarker<Time>[] {
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
  const palette = PALETTES[theme];
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
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const palette = PALETTES[theme];
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text,
        fontFamily: 'Inter, system-ui, sans-serif',
        panes: { separatorColor: palette.grid },
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      localization: { locale: 'it-IT' },
      rightPriceScale: { borderVisible: false },
      // The whole period stays in view when the width changes (a phone turned, the dialog resized),
      // and fits a phone's width: 1,500 points at the library's least spacing (half a pixel) would not.
      timeScale: {
        minBarSpacing: 0.05,
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        lockVisibleTimeRangeOnResize: true,
      },
      // A vertical swipe over the chart scrolls the dialog; a horizontal one moves the chart.
      handleScroll: { vertTouchDrag: false },
    });
    drawCurve(chart, curve, theme);
    return () => chart.remove();
  }, [curve, theme]);

  const summary =
    `Equity da ${formatEuro(curve.capital)} a ${formatEuro(curve.finalEquity)} dal ${formatDateTime(isoOf(curve.points.time[0] ?? 0))} ` +
    `al ${formatDateTime(isoOf(curve.points.time.at(-1) ?? 0))}; drawdown massimo ${formatPercent(curve.maxDrawdown)}; ` +
    `${curve.trades} cicli chiusi, di cui ${curve.stops} dallo stop.`;
  return (
    <div className="equity-curve__frame" data-testid="equity-curve-chart">
      <div ref={containerRef} className="equity-curve__chart" />
      {/* The picture's name on a layer of its own over the chart, not on it: the chart holds the
          library's attribution link, which a role="img" would make unreachable (axe: nested-interactive). */}
      <div className="equity-curve__label" role="img" aria-label={summary} />
    </div>
  );
}

function Legend({ theme }: { theme: Theme }) {
  const palette = PALETTES[theme];
  const items = [
    ['Equity', palette.equity],
    ['Balance', palette.balance],
    ['Drawdown dal picco', palette.fall],
    ['Cicli chiusi (in rosso con stop)', palette.cycles],
  ] as const;
  // The arrows over the equity line: the cycles closed by the stop.
  const stop = '▼';
  return (
    <ul className="equity-curve__legend" aria-label="Legenda">
      {items.map(([label, color]) => (
        <li key={label}>
          <span className="equity-curve__swatch" style={{ background: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
      <li>
        <span className="equity-curve__arrow" style={{ color: palette.fall }} aria-hidden="true">
          {stop}
        </span>
        Stop
      </li>
    </ul>
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
      <dl className="equity-curve__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="equity-curve__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {data.peakAt !== null && data.troughAt !== null && (
        <p className="equity-curve__note">
          Drawdown massimo dal picco del {formatDateTime(isoOf(data.peakAt))} al minimo del{' '}
          {formatDateTime(isoOf(data.troughAt))}.
          {data.underwater &&
            ` Il periodo più lungo sotto il picco va dal ${formatDateTime(isoOf(data.underwater.from))} al ${formatDateTime(isoOf(data.underwater.to))}${data.underwater.recovered ? '' : ', fine del periodo, senza recupero'}.`}
        </p>
      )}
      <CurveChart curve={data} />
      <Legend theme={theme} />
    </>
  );
}
