// Computes a backtest: its market's 1m bars in the period, EURUSD closes for fx, the instrument,
// then one grid run (single) or the algorithm's sweep (range, engine.md section 5). A range that
// holds back the end of its period (out of sample, issue 36 point 6) sweeps the bars before the
// split, then runs every row again, afresh, on the held-back bars alone.
import { BACKTEST_MESSAGES, type AlgorithmConfig } from '@platform/contracts';
import { DEFAULT_SWEEPS, holdOutSplit, sliceBars, sweepParams, type GridParams } from '@platform/engine';
import type { AlgorithmsService } from '../../modules/algorithms/algorithms.service';
import { resultRows, type BacktestsService } from '../../modules/backtests/backtests.service';
import type { InstrumentsService } from '../../modules/instruments/instruments.service';
import type { EngineExecutor } from '../../engine-pool/engine-executor';
import type { JobHandler } from '../job-registry';
import { JobError } from '../job-error';
import { barsInPeriod, type PriceHistory } from '../../modules/marketdata/price-history';
import { loadFxCloses } from '../../modules/marketdata/fx-closes';

export interface BacktestHandlerDeps {
  backtests: BacktestsService;
  algorithms: AlgorithmsService;
  instruments: InstrumentsService;
  prices: PriceHistory;
  executor: EngineExecutor;
}

export function backtestHandler(deps: BacktestHandlerDeps): JobHandler {
  return async (job, worker) => {
    const backtest = await deps.backtests.findJob(job.id);
    if (!backtest) return; // deleted while queued
    const stored = await deps.prices.loadBars(backtest.market, '1m');
    const bars = stored && barsInPeriod(stored, backtest.fromDay, backtest.toDay);
    if (!bars || bars.t.length === 0) throw new JobError(BACKTEST_MESSAGES.noData);

    const instrument = await deps.instruments.get(backtest.market);
    const config = backtest.config;
    const base = {
      worst: config.worst,
      safeWorst: config.safeWorst,
      capital: backtest.capital,
      leverage: backtest.leverage,
      dynamic: backtest.dynamic,
      close: backtest.close,
    };
    let params: GridParams[];
    if (config.type === 'single') {
      params = [
        {
          ...base,
          size: config.size ?? 1,
          addizionale: config.addizionale ?? 0.5,
          multiplier: config.multiplier ?? 1,
          mediazione: config.mediazione ?? instrument.defaults.mediazione,
          target: config.target ?? instrument.defaults.target,
        },
      ];
    } else {
      const grid = await sweepOf(deps.algorithms, backtest.algorithmId);
      params = sweepParams(grid ?? DEFAULT_SWEEPS[backtest.market], base);
    }

    const split = config.type === 'range' ? holdOutSplit(bars.t, config.holdOut ?? 0) : bars.t.length;
    const gridJob = {
      market: backtest.market,
      instrument: {
        point: instrument.point,
        contractSize: instrument.contractSize,
        spreadPoints: instrument.spreadPoints,
      },
      fx: await loadFxCloses(deps.prices),
      params,
    };
    const holdsBack = split < bars.t.length;
    const inSample = await deps.executor.runGrids({
      ...gridJob,
      bars: holdsBack ? sliceBars(bars, 0, split) : bars,
    });
    const heldBack = holdsBack
      ? await deps.executor.runGrids({ ...gridJob, bars: sliceBars(bars, split, bars.t.length) })
      : null;
    const rows = resultRows(
      inSample.results,
      heldBack && { from: bars.t[split] as number, results: heldBack.results },
    );
    const fxFallback = inSample.fxFallback || (heldBack?.fxFallback ?? false);
    await deps.backtests.complete(job.id, worker, rows, fxFallback);
  };
}

/** The algorithm's own sweep, if it defines one and still exists. */
async function sweepOf(
  algorithms: AlgorithmsService,
  id: string | null,
): Promise<AlgorithmConfig['grid'] | undefined> {
  if (!id) return undefined;
  return (await algorithms.find(id))?.config.grid;
}
