// The overview charts' colours for each theme. The canvas cannot read CSS variables: these
// mirror the tokens of base.css. `rise` is the profit and up-candle colour, `fall` the loss and
// down-candle colour.
import type { Theme } from '../../../lib/theme';

export const CHART_PALETTES: Record<Theme, { text: string; grid: string; rise: string; fall: string }> = {
  light: { text: '#5b6b82', grid: '#e7edf5', rise: '#1b873f', fall: '#c62828' },
  dark: { text: '#9aa9bf', grid: '#22324a', rise: '#4cc97a', fall: '#ff6b6b' },
};
