// Market analyses: stored as queued jobs and computed by a runner (jobs/handlers). Owners see
// and delete their own, admins all.
import { ANALYSIS_MESSAGES, type Analysis, type AnalysisResultsView, type Market } from '@platform/contracts';
import type { AnalysisRow } from '@platform/db';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { coversPeriod, type MarketCoverage } from '../marketdata/price-history';
import type { AuditTrail } from '../logs/logs.service';
import type { AnalysesRepository } from './analyses.repository';
import { mayAccess, ownerScope, type Viewer } from '../../lib/policy';

function toAnalysis(row: AnalysisRow): Analysis {
  return {
    _id: row.id,
    market: row.market,
    createdAt: row.createdAt.toISOString(),
    from: row.fromDay,
    to: row.toDay,
    isCompleted: row.isCompleted,
    error: row.error,
    results: row.results,
  };
}

export class AnalysesService {
  constructor(
    private readonly repository: AnalysesRepository,
    private readonly audit: AuditTrail,
    private readonly coverage: MarketCoverage,
    private readonly notifyQueued: () => void,
    /** Queued or running analyses a user may have at once (MAX_JOBS_PER_USER), so no one fills the runners. */
    private readonly maxUnfinished: number,
  ) {}

  async list(viewer: Viewer): Promise<Analysis[]> {
    return (await this.repository.list(ownerScope(viewer))).map(toAnalysis);
  }

  /** 1m data is used when there is any for the period, else daily data (engine.md section 7). */
  async create(
    viewer: Viewer,
    input: { from: string; to: string; market: Market },
    origin: RequestOrigin,
  ): Promise<Analysis> {
    const covered =
      coversPeriod(await this.coverage.coverage(input.market, '1m'), input.from, input.to) ||
      coversPeriod(await this.coverage.coverage(input.market, '1d'), input.from, input.to);
    if (!covered) throw badRequest(ANALYSIS_MESSAGES.noData);
    const row = await this.repository.insertWithin(
      { ownerId: viewer.id, market: input.market, fromDay: input.from, toDay: input.to },
      this.maxUnfinished,
    );
    if (!row) throw new AppError(429, ANALYSIS_MESSAGES.tooManyQueued(this.maxUnfinished));
    await this.audit.record({
      action: 'ANALYSIS_CREATED',
      description: `Analisi di ${input.market} dal ${input.from} al ${input.to}`,
      userId: viewer.id,
      origin,
      metadata: { analysisId: row.id },
    });
    this.notifyQueued();
    return toAnalysis(row);
  }

  async remove(viewer: Viewer, id: string, origin: RequestOrigin): Promise<void> {
    const row = await this.repository.findById(id);
    if (!row || !mayAccess(viewer, row.ownerId)) throw notFound(ANALYSIS_MESSAGES.notFound);
    await this.repository.delete(id);
    await this.audit.record({
      action: 'ANALYSIS_DELETED',
      description: 'Analisi eliminata',
      userId: viewer.id,
      origin,
      metadata: { analysisId: id },
    });
  }

  findJob(id: string): Promise<AnalysisRow | undefined> {
    return this.repository.findById(id);
  }

  complete(id: string, worker: string, results: AnalysisResultsView): Promise<boolean> {
    return this.repository.complete(id, worker, results);
  }
}
