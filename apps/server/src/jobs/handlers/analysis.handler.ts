// Computes an analysis: the market's 1m bars in the period, or its daily bars when there are no
// 1m bars (engine.md section 7), with the market's default mediazione as the episode threshold.
import { ANALYSIS_MESSAGES } from '@platform/contracts';
import type { AnalysesService } from '../../modules/analyses/analyses.service';
import type { InstrumentsService } from '../../modules/instruments/instruments.service';
import type { EngineExecutor } from '../../engine-pool/engine-executor';
import type { JobHandler } from '../job-registry';
import { JobError } from '../job-error';
import { barsInPeriod, type PriceHistory } from '../../modules/marketdata/price-history';

export interface AnalysisHandlerDeps {
  analyses: AnalysesService;
  instruments: InstrumentsService;
  prices: PriceHistory;
  executor: EngineExecutor;
}

export function analysisHandler(deps: AnalysisHandlerDeps): JobHandler {
  return async (job, worker) => {
    const analysis = await deps.analyses.findJob(job.id);
    if (!analysis) return; // deleted while queued
    let bars = null;
    for (const timeframe of ['1m', '1d'] as const) {
      const stored = await deps.prices.loadBars(analysis.market, timeframe);
      const inPeriod = stored && barsInPeriod(stored, analysis.fromDay, analysis.toDay);
      if (inPeriod && inPeriod.t.length > 0) {
        bars = inPeriod;
        break;
      }
    }
    if (!bars) throw new JobError(ANALYSIS_MESSAGES.noData);
    const instrument = await deps.instruments.get(analysis.market);
    const results = await deps.executor.analyse({
      bars,
      point: instrument.point,
      threshold: instrument.defaults.mediazione,
    });
    await deps.analyses.complete(job.id, worker, results);
  };
}
