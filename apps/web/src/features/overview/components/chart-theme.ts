// What the overview's charts share: their colours for each theme and their look. The canvas
// cannot read CSS variables: the colours mirror the tokens of base.css. `rise` is the profit and
// up-candle colour, `fall` the loss and down-candle colour.
import { ColorType } from 'lightweight-charts';
import type { Theme } from '../../../lib/theme';

export const CHART_PALETTES: Record<Theme, { text: string; grid: string; rise: string; fall: string }> = {
  light: { text: '#5b6b82', grid: '#e7edf5', rise: '#1b873f', fall: '#c62828' },
  dark: { text: '#9aa9bf', grid: '#22324a', rise: '#4cc97a', fall: '#ff6b6b' },
};

/** Transparent on the card, the app's font, no borders; a swipe over the card scrolls the page rather than the chart. */
export const CHART_BASE_OPTIONS = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: 'transparent' },
    fontFamily: 'Inter, system-ui, sans-serif',
  },
  rightPriceScale: { borderVisible: false },
  handleScroll: false,
  handleScale: false,
} as const;

/** The chart's text and grid in the theme's colours. */
export function themedChartOptions(theme: Theme) {
  const palette = CHART_PALETTES[theme];
  return {
    layout: { textColor: palette.text },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
  };
}
