// The colours of the trading charts in the dialogs (a backtest row's curve and its market, an
// investment's view): one set, so an entry, a stop or the equity line has the same colour in
// both. The canvas cannot read CSS variables: the colours mirror the tokens of base.css.
import type { Theme } from '../../lib/theme';

export interface ChartPalette {
  /** Axis text. */
  text: string;
  grid: string;
  /** Up candles. */
  rise: string;
  /** Down candles, losses, the stop. */
  fall: string;
  /** Cycles or positions opened. */
  entry: string;
  /** Cycles closed at their target. */
  exit: string;
  /** A position still open. */
  open: string;
  equity: string;
  balance: string;
  /** Cycles closed, as bars. */
  cycles: string;
  /** What is drawn but not the point: trade prices joined, a cycle closed by hand. */
  muted: string;
}

export const CHART_PALETTES: Record<Theme, ChartPalette> = {
  light: {
    text: '#5b6b82',
    grid: '#e7edf5',
    rise: '#1b873f',
    fall: '#c62828',
    entry: '#1b873f',
    exit: '#056cf2',
    open: '#b26a00',
    equity: '#056cf2',
    balance: '#1b873f',
    cycles: '#8fa3bf',
    muted: '#5b6b82',
  },
  dark: {
    text: '#9aa9bf',
    grid: '#22324a',
    rise: '#4cc97a',
    fall: '#ff6b6b',
    entry: '#4cc97a',
    exit: '#5b9dff',
    open: '#f0b455',
    equity: '#5b9dff',
    balance: '#4cc97a',
    cycles: '#5a6d88',
    muted: '#9aa9bf',
  },
};
