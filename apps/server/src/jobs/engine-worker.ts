// The worker-thread side of the thread-pool executor: one call runs a share of a sweep over bars
// the caller prepared once on shared memory, so no thread copies or prepares them again.
import { runAllPrepared, type GridParams, type PreparedBars, type RunResult } from '@platform/engine';

export interface GridShare {
  prepared: PreparedBars;
  params: GridParams[];
}

export default function runGridShare(share: GridShare): RunResult[] {
  return runAllPrepared(share.prepared, share.params);
}
