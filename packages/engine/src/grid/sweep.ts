// Range backtests (engine.md section 5, fine points 5 and 17): one run per point of a sweep grid,
// in nested order size, ratio, mediazione, target (outermost first), multiplier 1.
import type { Bars } from '../bars';
import type { FxCurve } from '../fx';
import type { GridParams, InstrumentSpec, RunResult } from './params';
import { runGrid } from './run-grid';

export type SweepMarket = 'GOLD' | 'NASDAQ' | 'EURUSD';

export interface SweepGrid {
  size: readonly number[];
  /** addizionale = size × ratio. */
  ratio: readonly number[];
  mediazione: readonly number[];
  target: readonly number[];
}

const SIZES = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1];
const RATIOS = [0.5, 1, 2];

export const DEFAULT_SWEEPS: Record<SweepMarket, SweepGrid> = {
  GOLD: { size: SIZES, ratio: RATIOS, mediazione: [10, 20, 30, 40, 50, 75, 100, 150, 200], target: [10, 20, 30, 50, 75, 100, 150] },
  NASDAQ: { size: SIZES, ratio: RATIOS, mediazione: [25, 50, 75, 100, 150, 200, 300, 400], target: [50, 100, 150, 200, 300, 400] },
  EURUSD: { size: SIZES, ratio: RATIOS, mediazione: [10, 20, 30, 40, 50, 75, 100, 150], target: [10, 20, 30, 50, 75, 100] },
};

/** What every run of a range shares. */
export type SweepBase = Pick<GridParams, 'worst' | 'safeWorst' | 'capital' | 'leverage' | 'dynamic' | 'close'>;

export function sweepParams(grid: SweepGrid, base: SweepBase): GridParams[] {
  const runs: GridParams[] = [];
  for (const size of grid.size) {
    for (const ratio of grid.ratio) {
      for (const mediazione of grid.mediazione) {
        for (const target of grid.target) {
          runs.push({ ...base, size, addizionale: size * ratio, mediazione, target, multiplier: 1 });
        }
      }
    }
  }
  return runs;
}

export function runSweep(bars: Bars, grid: SweepGrid, base: SweepBase, instrument: InstrumentSpec, fx: () => FxCurve): RunResult[] {
  return sweepParams(grid, base).map((params) => runGrid(bars, params, instrument, fx()));
}
