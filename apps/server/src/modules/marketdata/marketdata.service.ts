// Price data: the upload of a CSV file into the market of an algorithm, the list of what is
// stored, and the bars the backtest and analysis jobs read.
import {
  ALGORITHM_MESSAGES,
  type Market,
  type MarketDataSet,
  type Timeframe,
  timeframeSchema,
  UPLOAD_MESSAGES,
  type UploadResult,
} from '@platform/contracts';
import { type BarColumns, completeImport, CsvImportError, type CsvRead, readCsv } from '@platform/marketdata';
import * as z from 'zod';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { AlgorithmsService } from '../algorithms/algorithms.service';
import type { AuditTrail } from '../logs/logs.service';
import type { MarketDataSets } from './market-data-sets';
import { UPLOAD_REFUSALS, type UploadForm, type UploadPart } from './upload-form';

/** What the upload needs of the algorithms module: an algorithm's market. */
export type AlgorithmLookup = Pick<AlgorithmsService, 'get'>;

interface UploadTarget {
  algorithmId: string;
  market: Market;
  timeframe: Timeframe;
}

interface ReceivedFile {
  filename: string;
  read: CsvRead;
}

const uuid = z.uuid();
/** Settles never: what a race waits on once the file was read without trouble. */
const pending = () => new Promise<never>(() => undefined);

export class MarketDataService {
  constructor(
    private readonly sets: MarketDataSets,
    private readonly algorithms: AlgorithmLookup,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  list(): Promise<MarketDataSet[]> {
    return this.sets.list();
  }

  /** See MarketDataSets.loadBars: shared arrays, read them and never write to them. */
  loadBars(market: Market, timeframe: Timeframe): Promise<BarColumns | null> {
    return this.sets.loadBars(market, timeframe);
  }

  coverage(market: Market, timeframe: Timeframe): Promise<{ first: string; last: string } | null> {
    return this.sets.coverage(market, timeframe);
  }

  /**
   * Reads the form as it arrives: the file goes straight into the CSV reader while the parts after
   * it (the client sends csvFile, algorithmId, timeframe in that order) keep coming. Fields sent
   * before the file are checked before a byte of it is read. Nothing is stored until every check
   * has passed.
   */
  async upload(actorId: string, form: UploadForm, origin: RequestOrigin): Promise<UploadResult> {
    try {
      const { file, target } = await this.receive(form);
      const { bars, report } = completeImport(file.read, target.timeframe);
      const stored = await this.sets.merge(target.market, target.timeframe, bars, {
        file: file.filename,
        format: report.format,
        rows: report.imported,
        at: this.clock.now().toISOString(),
      });
      await this.audit.record({
        action: 'MARKET_DATA_UPLOADED',
        description: `Dati ${target.market} ${target.timeframe} caricati da ${file.filename}: ${report.imported} barre, ${report.rejected} righe scartate`,
        userId: actorId,
        origin,
        metadata: {
          ...target,
          file: file.filename,
          format: report.format,
          imported: report.imported,
          rejected: report.rejected,
          storedRows: stored.rows,
        },
      });
      return {
        market: target.market,
        timeframe: target.timeframe,
        format: report.format,
        imported: report.imported,
        rejected: report.rejected,
        rejectedSamples: report.rejectedSamples,
        first: report.first,
        last: report.last,
        gaps: report.gaps,
        storedRows: stored.rows,
      };
    } catch (error) {
      if (error instanceof CsvImportError)
        throw new AppError(error.code === 'too-many-bars' ? 413 : 400, error.message);
      throw error;
    }
  }

  /** Walks the parts; answers once the body is read through and the fields name a known algorithm. */
  private async receive(form: UploadForm): Promise<{ file: ReceivedFile; target: UploadTarget }> {
    const fields = new Map<string, string>();
    let file: { filename: string; reading: Promise<CsvRead> } | undefined;
    let target: UploadTarget | undefined;
    // Rejects as soon as the file is refused (a wrong format shows in its first kilobytes), so
    // the refusal does not wait for the rest of the body.
    let fileFailure = pending();
    const parts = form.parts[Symbol.asyncIterator]();
    for (;;) {
      const nextPart = parts.next();
      // When the file's refusal wins the race, this one may still fail later, with nobody waiting.
      nextPart.catch(() => undefined);
      const next: IteratorResult<UploadPart> = await Promise.race([nextPart, fileFailure]);
      if (next.done) break;
      const part = next.value;
      if (part.kind === 'field') {
        if (!fields.has(part.name)) fields.set(part.name, part.value.trim());
        continue;
      }
      if (part.name !== 'csvFile' || file) {
        await part.skip();
        continue;
      }
      if (!part.filename.toLowerCase().endsWith('.csv')) throw badRequest(UPLOAD_MESSAGES.notCsv);
      if (fields.has('algorithmId')) target = await this.targetOf(fields);
      const reading = readCsv(part.content);
      fileFailure = reading.then(pending);
      // Both are awaited later or not at all (when another refusal comes first): never unhandled.
      reading.catch(() => undefined);
      fileFailure.catch(() => undefined);
      file = { filename: part.filename, reading };
    }
    // The body is read through, so is the file: its refusal, if any, comes first.
    const read = file && (await file.reading);
    if (!file || !read || !fields.get('algorithmId')) throw badRequest(UPLOAD_MESSAGES.fileAndAlgorithm);
    return { file: { filename: file.filename, read }, target: target ?? (await this.targetOf(fields)) };
  }

  /** The algorithm's market and the chosen timeframe ('1m' when not sent). */
  private async targetOf(fields: Map<string, string>): Promise<UploadTarget> {
    const algorithmId = fields.get('algorithmId');
    if (!algorithmId) throw badRequest(UPLOAD_MESSAGES.fileAndAlgorithm);
    const timeframe = timeframeSchema.safeParse(fields.get('timeframe') || '1m');
    if (!timeframe.success) throw badRequest(UPLOAD_REFUSALS.timeframe);
    if (!uuid.safeParse(algorithmId).success) throw notFound(ALGORITHM_MESSAGES.notFound);
    const algorithm = await this.algorithms.get(algorithmId);
    return { algorithmId, market: algorithm.market, timeframe: timeframe.data };
  }
}
