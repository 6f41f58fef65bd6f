// The worker-thread side of the thread-pool executor: a share of a sweep over bars the caller
// prepared once on shared memory (no thread copies or prepares them again), or an analysis.
import {
  analyseMarket,
  runAllPrepared,
  type AnalysisResults,
  type GridParams,
  type PreparedBars,
  type RunResult,
} from '@platform/engine';
import type { AnalysisJob } from './engine-executor';

export interface GridShare {
  prepared: PreparedBars;
  params: GridParams[];
}

export default function runGridShare(share: GridShare): RunResult[] {
  return runAllPrepared(share.prepared, share.params);
}

export function analyse(job: AnalysisJob): AnalysisResults {
  return analyseMarket(job.bars, job.point, job.threshold);
}
