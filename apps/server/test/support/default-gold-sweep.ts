// The default GOLD range (1,323 runs) over a 10,000 EUR account at leverage 20, worst 300 and
// safeWorst 400, static lots, closed at the period's end: what the benches and tests sweep.
import { DEFAULT_SWEEPS, sweepParams } from '@platform/engine';

export const DEFAULT_GOLD_RUNS = sweepParams(DEFAULT_SWEEPS.GOLD, {
  worst: 300,
  safeWorst: 400,
  capital: 10_000,
  leverage: 20,
  dynamic: false,
  close: true,
});
