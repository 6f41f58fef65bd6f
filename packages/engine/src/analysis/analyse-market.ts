// The market analysis (engine.md section 7): volatility, worst drawdown and run-up episodes and
// ChoCh, in points and minutes, with the shape the Analysis screen reads.
import type { Bars } from '../bars';
import { chochDiffs } from './choch';
import { dailyVolatility } from './volatility';
import { episodes } from './worst-episodes';

export interface AnalysisResults {
  volatility: { mean: number | null; min: number | null; max: number | null };
  worst: {
    avg_positive: number | null;
    min_positive: number | null;
    max_positive: number | null;
    avg_negative: number | null;
    min_negative: number | null;
    max_negative: number | null;
    avg_positive_duration: number | null;
    avg_negative_duration: number | null;
  };
  /** Absent when there was no ChoCh. */
  choch?: { min_diff: number; max_diff: number; avg_diff: number };
}

/** threshold: the market's default mediazione, in points; shallower episodes are ignored. */
export function analyseMarket(bars: Bars, point: number, threshold: number): AnalysisResults {
  const drawdowns = episodes(bars, point, threshold, 'down');
  const runUps = episodes(bars, point, threshold, 'up');
  const down = drawdowns.depth.result();
  const up = runUps.depth.result();
  const results: AnalysisResults = {
    volatility: dailyVolatility(bars, point),
    worst: {
      avg_positive: up.mean,
      min_positive: up.min,
      max_positive: up.max,
      avg_negative: down.mean,
      min_negative: down.min,
      max_negative: down.max,
      avg_positive_duration: runUps.duration.result().mean,
      avg_negative_duration: drawdowns.duration.result().mean,
    },
  };
  const choch = chochDiffs(bars, point).result();
  if (choch.mean !== null && choch.min !== null && choch.max !== null) {
    results.choch = { min_diff: choch.min, max_diff: choch.max, avg_diff: choch.mean };
  }
  return results;
}
