// Statements (issue 36, point 3): an investment's transactions and a result set as CSV, and an
// investment's monthly statement as a PDF. Who may have them is decided where the investment and
// the backtest are (their services' own rule: owner or admin, anyone else's id a 404), before a
// byte of the file exists, so a refusal is still the JSON envelope. The transactions are those of
// the viewer as the owner at the time of each trade (an admin's: all of them), the rule of the
// transactions list. The files are streams: the CSV of a million cycles holds one page of rows.
import {
  INVESTMENT_MESSAGES,
  JOB_STATUS,
  RESULTS_CSV_COLUMNS,
  STATEMENT_MESSAGES,
  TRANSACTIONS_CSV_COLUMNS,
  type BacktestResult,
} from '@platform/contracts';
import { Readable } from 'node:stream';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { BacktestsService } from '../backtests/backtests.service';
import type { InstrumentsService } from '../instruments/instruments.service';
import type { InvestmentsService } from '../investments/investments.service';
import { csvChunks, fileNamePart, inPages, type CsvCell } from './csv';
import { monthBounds, renderStatementPdf } from './statement-pdf';
import type { LedgerLine, LedgerScope, StatementsRepository } from './statements.repository';
import { seesEveryone, type Viewer } from '../../lib/policy';

/** A file ready to send: its name for Content-Disposition, its type, and its bytes as a stream. */
export interface StatementFile {
  filename: string;
  contentType: string;
  body: Readable;
}

const CSV_TYPE = 'text/csv; charset=utf-8';
/** Rows per database page of an export: the most the server holds of it at once (twice, with the next one read ahead). */
const PAGE_ROWS = 5000;
const RESULT_ROWS_PER_CHUNK = 1000;

const transactionCells = (line: LedgerLine): CsvCell[] => [
  line.openedAt,
  line.closedAt,
  line.market,
  line.lots,
  line.entryPrice,
  line.exitPrice,
  line.reason,
  line.profitLoss,
];

const resultCells = (row: BacktestResult): CsvCell[] => [
  row.size,
  row.addizionale,
  row.mediazione,
  row.target,
  row.multiplier,
  row.profit,
  row.interest,
  row.trades,
  row.stops,
  row.requirement,
  row.requirement20,
  row.requirement200,
  row.maxDrawdown,
  row.openPnl,
  row.overflow,
  row.overflowAt === null ? null : new Date(row.overflowAt),
  row.timeUnderWaterDays,
  row.heldBack && new Date(row.heldBack.from),
  row.heldBack?.profit ?? null,
  row.heldBack?.interest ?? null,
  row.heldBack?.trades ?? null,
  row.heldBack?.stops ?? null,
  row.heldBack?.maxDrawdown ?? null,
  row.heldBack?.timeUnderWaterDays ?? null,
  row.heldBack?.openPnl ?? null,
  row.heldBack?.overflow ?? null,
];

/**
 * A stream that reads the next chunk only when the last one was taken: one page waits, where
 * Readable.from's default would read sixteen ahead of a slow client.
 */
const streamOf = (chunks: AsyncIterable<string>) => Readable.from(chunks, { highWaterMark: 1 });

/** Decimals for a market's prices: one more than its point has, at least two (GOLD 2, EURUSD 5). */
const priceDecimalsFor = (point: number) => Math.max(2, Math.ceil(-Math.log10(point) - 1e-9) + 1);

export class StatementsService {
  constructor(
    private readonly repository: StatementsRepository,
    private readonly investments: InvestmentsService,
    private readonly backtests: BacktestsService,
    private readonly instruments: InstrumentsService,
    private readonly clock: Clock,
  ) {}

  async transactionsCsv(viewer: Viewer, investmentId: string): Promise<StatementFile> {
    const investment = await this.investments.get(viewer, investmentId);
    const pages = this.repository.pages(this.scopeOf(viewer, investmentId), PAGE_ROWS);
    return {
      filename: `transazioni-${fileNamePart(investment.account.accountId)}-${this.today()}.csv`,
      contentType: CSV_TYPE,
      body: streamOf(csvChunks(TRANSACTIONS_CSV_COLUMNS, pages, transactionCells)),
    };
  }

  /**
   * A finished backtest's rows. They are stored as one json value and the results call already
   * reads them whole (a default sweep has 1,323), so they are at hand; the CSV is still written a
   * thousand rows at a time.
   */
  async resultsCsv(viewer: Viewer, backtestId: string): Promise<StatementFile> {
    const backtest = await this.backtests.get(viewer, backtestId);
    if (backtest.isCompleted !== JOB_STATUS.done) throw conflict(STATEMENT_MESSAGES.notDone);
    const name = [
      backtest.type === 'range' ? 'classico' : 'singolo',
      backtest.market,
      backtest.from,
      backtest.to,
    ].join('-');
    return {
      filename: `risultati-backtest-${fileNamePart(name)}.csv`,
      contentType: CSV_TYPE,
      body: streamOf(
        csvChunks(RESULTS_CSV_COLUMNS, inPages(backtest.results, RESULT_ROWS_PER_CHUNK), resultCells),
      ),
    };
  }

  async monthlyStatement(viewer: Viewer, investmentId: string, month: string): Promise<StatementFile> {
    const now = this.clock.now();
    if (month > now.toISOString().slice(0, 7)) throw badRequest(STATEMENT_MESSAGES.monthInFuture);
    const investment = await this.investments.get(viewer, investmentId);
    const heading = await this.repository.investmentHeading(investmentId);
    // Deleted between the two reads: as if it never was.
    if (!heading) throw notFound(INVESTMENT_MESSAGES.notFound);
    const instrument = await this.instruments.get(heading.market);
    const { from, to } = monthBounds(month);
    const scope = this.scopeOf(viewer, investmentId);
    const before = await this.repository.totals({ ...scope, to: from });
    const during = await this.repository.totals({ ...scope, from, to });
    const openingCapital = investment.capital + before.profitLoss;
    const body = renderStatementPdf({
      month,
      generatedAt: now,
      investment: {
        accountId: investment.account.accountId,
        brokerName: heading.brokerName,
        owner: investment.account.owner.username,
        algorithm: investment.algorithm.name,
        market: heading.market,
        symbol: instrument.symbol,
        capital: investment.capital,
        leverage: investment.parameters.leverage,
      },
      priceDecimals: priceDecimalsFor(instrument.point),
      openingCapital,
      profitLoss: during.profitLoss,
      closingCapital: openingCapital + during.profitLoss,
      cycles: during.cycles,
      stops: during.stops,
      lines: this.repository.pages({ ...scope, from, to }, PAGE_ROWS),
      // The platform charges nothing today; a fee would be listed here.
      fees: STATEMENT_MESSAGES.noFees,
    });
    return {
      filename: `estratto-conto-${fileNamePart(investment.account.accountId)}-${month}.pdf`,
      contentType: 'application/pdf',
      body,
    };
  }

  private scopeOf(viewer: Viewer, investmentId: string): LedgerScope {
    return seesEveryone(viewer) ? { investmentId } : { investmentId, userId: viewer.id };
  }

  private today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }
}
