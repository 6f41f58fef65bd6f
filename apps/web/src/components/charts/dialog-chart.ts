// The lightweight-charts set-up the dialogs' trading charts share (a backtest row's curve and its
// market, an investment's view): their look, how they behave on a phone and when resized, the
// market's candles. One place, so the charts of the two views read and handle alike.
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme, type Theme } from '../../lib/theme';
import { CHART_PALETTES } from './chart-palette';

/** A time in milliseconds as the library's UTC seconds. */
export const chartSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** A market's prices as the axis shows them: EURUSD to the fifth decimal, the others to cents. */
export function marketPriceFormat(market: string) {
  const precision = market === 'EURUSD' ? 5 : 2;
  return { type: 'price' as const, precision, minMove: 10 ** -precision };
}

interface DialogChartOptions {
  /**
   * Keep the whole period in view when the width changes (a phone turned, the dialog resized).
   * Off for a chart whose data is replaced while open: it keeps the range the user chose.
   */
  keepRangeOnResize: boolean;
}

/** A chart filling its container, transparent on the dialog, its text and grid in the theme's colours. */
export function createDialogChart(
  container: HTMLElement,
  theme: Theme,
  { keepRangeOnResize }: DialogChartOptions,
): IChartApi {
  const palette = CHART_PALETTES[theme];
  return createChart(container, {
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
    // The least spacing fits a phone's width: 1,500 points at the library's own (half a pixel) would not.
    timeScale: {
      minBarSpacing: 0.05,
      borderVisible: false,
      timeVisible: true,
      secondsVisible: false,
      lockVisibleTimeRangeOnResize: keepRangeOnResize,
    },
    // A vertical swipe over the chart scrolls the dialog; a horizontal one moves the chart.
    handleScroll: { vertTouchDrag: false },
  });
}

/** The market's candles in the theme's rise and fall colours, on the first pane. */
export function addCandleSeries(
  chart: IChartApi,
  theme: Theme,
  options: { title: string; market?: string },
): ISeriesApi<'Candlestick'> {
  const palette = CHART_PALETTES[theme];
  return chart.addSeries(CandlestickSeries, {
    upColor: palette.rise,
    downColor: palette.fall,
    borderVisible: false,
    wickUpColor: palette.rise,
    wickDownColor: palette.fall,
    ...(options.market ? { priceFormat: marketPriceFormat(options.market) } : {}),
    title: options.title,
  });
}

/** Bars as columns (times in milliseconds, one price array each) as the library's candles. */
export function candleData(
  time: readonly number[],
  prices: {
    open: readonly number[];
    high: readonly number[];
    low: readonly number[];
    close: readonly number[];
  },
): CandlestickData<UTCTimestamp>[] {
  return time.map((ms, index) => ({
    time: chartSeconds(ms),
    open: prices.open[index] as number,
    high: prices.high[index] as number,
    low: prices.low[index] as number,
    close: prices.close[index] as number,
  }));
}

/**
 * A chart made in the returned ref's element and drawn by `draw`, made again when `draw` changes
 * (new data: keep it in a useCallback) or the theme does, removed when the component goes. For a
 * chart drawn once per answer; one whose data is replaced while open keeps its chart instead.
 */
export function useDialogChart(draw: (chart: IChartApi, theme: Theme) => void, options: DialogChartOptions) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const { keepRangeOnResize } = options;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createDialogChart(container, theme, { keepRangeOnResize });
    draw(chart, theme);
    return () => chart.remove();
  }, [draw, theme, keepRangeOnResize]);
  return containerRef;
}
