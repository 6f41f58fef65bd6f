// The chart of an overview card, with its one series: made once in the returned ref's element, so
// new data updates it in place (no flicker, the crosshair stays), recoloured when the theme
// changes and removed when the card goes.
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../../lib/theme';
import { CHART_PALETTES, themedChartOptions } from './chart-theme';

type Palette = (typeof CHART_PALETTES)[keyof typeof CHART_PALETTES];

/**
 * `make` builds the chart and its series in the container (with anything the card keeps beside
 * them, made afresh with the chart); `seriesColours` picks the series' colours from the theme's
 * palette. Keep both the same from render to render (define them outside the component): a new
 * `make` makes a new chart. chartRef holds what `make` built while the card shows.
 */
export function useCardChart<Card extends { chart: IChartApi; series: ISeriesApi<SeriesType> }>(
  make: (container: HTMLElement) => Card,
  seriesColours: (palette: Palette) => Parameters<Card['series']['applyOptions']>[0],
) {
  const theme = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Card | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const card = make(container);
    chartRef.current = card;
    return () => {
      chartRef.current = null;
      card.chart.remove();
    };
  }, [make]);

  useEffect(() => {
    chartRef.current?.chart.applyOptions(themedChartOptions(theme));
    chartRef.current?.series.applyOptions(seriesColours(CHART_PALETTES[theme]));
  }, [theme, seriesColours]);

  return { containerRef, chartRef };
}
