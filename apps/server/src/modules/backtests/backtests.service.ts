// Backtests: validated and stored as queued jobs; a runner computes them (jobs/handlers). Users
// and sales see and delete their own, admins all (DESIGN.md section 4).
import {
  BACKTEST_MESSAGES,
  type Backtest,
  type BacktestConfigInput,
  type BacktestResult,
} from '@platform/contracts';
import type { BacktestRow } from '@platform/db';
import type { RunResult } from '@platform/engine';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { coversPeriod, type MarketCoverage } from '../marketdata/price-history';
import type { AlgorithmsService } from '../algorithms/algorithms.service';
import type { InstrumentsService } from '../instruments/instruments.service';
import type { AuditTrail } from '../logs/logs.service';
import type { BacktestSummaryRow, BacktestsRepository } from './backtests.repository';
import { mayAccess, ownerScope, type Viewer } from '../../lib/policy';

const DAY_MS = 86_400_000;

/** The rows as stored: the engine's runs, time under water in days, and each row's held-back run. */
export function resultRows(
  runs: readonly RunResult[],
  heldBack: { from: number; results: readonly RunResult[] } | null,
): BacktestResult[] {
  return runs.map((run, index) => {
    const { timeUnderWater, ...figures } = run;
    const outOfSample = heldBack?.results[index];
    return {
      ...figures,
      timeUnderWaterDays: timeUnderWater / DAY_MS,
      heldBack:
        heldBack && outOfSample
          ? {
              from: heldBack.from,
              profit: outOfSample.profit,
              interest: outOfSample.interest,
              trades: outOfSample.trades,
              stops: outOfSample.stops,
              maxDrawdown: outOfSample.maxDrawdown,
              timeUnderWaterDays: outOfSample.timeUnderWater / DAY_MS,
              openPnl: outOfSample.openPnl,
              overflow: outOfSample.overflow,
            }
          : null,
    };
  });
}

/** Single-backtest defaults when fields are empty (engine.md section 5). */
const SINGLE_DEFAULTS = { size: 1, addizionale: 0.5, multiplier: 1 };

function heldBackFrom(results: readonly BacktestResult[]): string | null {
  const from = results[0]?.heldBack?.from;
  return from === undefined ? null : new Date(from).toISOString();
}

function toBacktest(row: BacktestSummaryRow, results: BacktestResult[] = []): Backtest {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    capital: row.capital,
    accountType: row.accountType,
    leverage: row.leverage,
    dynamic: row.dynamic,
    close: row.close,
    from: row.fromDay,
    to: row.toDay,
    market: row.market,
    algorithm:
      row.algorithmId && row.algorithmName ? { _id: row.algorithmId, name: row.algorithmName } : null,
    isCompleted: row.isCompleted,
    error: row.error,
    resultCount: row.resultCount,
    results,
    fxFallback: row.fxFallback,
    holdOut: row.config.type === 'range' ? (row.config.holdOut ?? 0) : 0,
    heldBackFrom: heldBackFrom(results),
  };
}

export class BacktestsService {
  constructor(
    private readonly repository: BacktestsRepository,
    private readonly audit: AuditTrail,
    private readonly instruments: InstrumentsService,
    private readonly algorithms: AlgorithmsService,
    private readonly coverage: MarketCoverage,
    /** Wakes the runners when a job is queued. */
    private readonly notifyQueued: () => void,
    /** Queued or running backtests a user may have at once (MAX_JOBS_PER_USER), so no one fills the runners. */
    private readonly maxUnfinished: number,
  ) {}

  async list(viewer: Viewer): Promise<Backtest[]> {
    return (await this.repository.list(ownerScope(viewer))).map((row) => toBacktest(row));
  }

  async get(viewer: Viewer, id: string): Promise<Backtest> {
    const row = await this.findVisible(viewer, id);
    return toBacktest(row, row.results ?? []);
  }

  /** The stored backtest, config and rows as they are, if the viewer may see it (else the 404). */
  getStored(viewer: Viewer, id: string): Promise<BacktestRow> {
    return this.findVisible(viewer, id);
  }

  async create(viewer: Viewer, config: BacktestConfigInput, origin: RequestOrigin): Promise<Backtest> {
    if (!coversPeriod(await this.coverage.coverage(config.market, '1m'), config.from, config.to)) {
      throw badRequest(BACKTEST_MESSAGES.noData);
    }
    const algorithm = config.type === 'range' ? await this.algorithms.get(config.algorithm) : null;
    const resolved = await this.withDefaults(config);
    const row = await this.repository.insertWithin(
      {
        ownerId: viewer.id,
        type: config.type,
        market: config.market,
        algorithmId: algorithm?._id ?? null,
        algorithmName: algorithm?.name ?? null,
        fromDay: config.from,
        toDay: config.to,
        capital: config.capital,
        accountType: config.accountType,
        leverage: config.leverage,
        dynamic: config.type === 'range' ? config.dynamic : false,
        close: config.type === 'range' ? config.close : true,
        config: resolved,
      },
      this.maxUnfinished,
    );
    if (!row) throw new AppError(429, BACKTEST_MESSAGES.tooManyQueued(this.maxUnfinished));
    await this.audit.record({
      action: 'BACKTEST_CREATED',
      description: `Backtest ${config.type === 'range' ? 'con range' : 'singolo'} su ${config.market} dal ${config.from} al ${config.to}`,
      userId: viewer.id,
      origin,
      metadata: { backtestId: row.id },
    });
    this.notifyQueued();
    return toBacktest(row);
  }

  async remove(viewer: Viewer, id: string, origin: RequestOrigin): Promise<void> {
    await this.findVisible(viewer, id);
    await this.repository.delete(id);
    await this.audit.record({
      action: 'BACKTEST_DELETED',
      description: 'Backtest eliminato',
      userId: viewer.id,
      origin,
      metadata: { backtestId: id },
    });
  }

  /** The stored job for a runner; undefined when it was deleted meanwhile. */
  findJob(id: string): Promise<BacktestRow | undefined> {
    return this.repository.findById(id);
  }

  complete(id: string, worker: string, results: BacktestResult[], fxFallback: boolean): Promise<boolean> {
    return this.repository.complete(id, worker, results, fxFallback);
  }

  /** Single runs resolve empty fields now, so the stored config says exactly what ran. */
  private async withDefaults(config: BacktestConfigInput): Promise<BacktestConfigInput> {
    if (config.type === 'range') return config;
    const { defaults } = await this.instruments.get(config.market);
    return {
      ...config,
      size: config.size ?? SINGLE_DEFAULTS.size,
      addizionale: config.addizionale ?? SINGLE_DEFAULTS.addizionale,
      multiplier: config.multiplier ?? SINGLE_DEFAULTS.multiplier,
      mediazione: config.mediazione ?? defaults.mediazione,
      target: config.target ?? defaults.target,
    };
  }

  private async findVisible(viewer: Viewer, id: string): Promise<BacktestRow> {
    const row = await this.repository.findById(id);
    if (!row || !mayAccess(viewer, row.ownerId)) throw notFound(BACKTEST_MESSAGES.notFound);
    return row;
  }
}
