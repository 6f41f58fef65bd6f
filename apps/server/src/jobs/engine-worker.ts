// The worker-thread side of the thread-pool executor: one call computes a share of a sweep.
// Bars arrive on shared memory, so no thread copies them.
import { computeGrids, type GridJob, type GridJobResult } from './engine-executor';

export default function runGridShare(job: GridJob): GridJobResult {
  return computeGrids(job);
}
