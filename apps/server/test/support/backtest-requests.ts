// A single backtest request as the Backtest screen sends it: the default GOLD grid over two days
// of the bars tests put in (oscillatingBars from 2024-03-01).
export const SINGLE_GOLD_BACKTEST = {
  type: 'single',
  capital: 10_000,
  accountType: 'retail',
  leverage: 20,
  from: '2024-03-04',
  to: '2024-03-05',
  market: 'GOLD',
  worst: 300,
  safeWorst: 400,
  size: '',
  addizionale: '',
  mediazione: 30,
  multiplier: '',
  target: 50,
};
