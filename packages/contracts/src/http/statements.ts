// Statements (issue 36, point 3): files a customer keeps, made on the server.
//   GET /api/common/investments/:id/transactions.csv          the investment's closed cycles
//   GET /api/common/investments/:id/statement.pdf?month=YYYY-MM its monthly statement
//   GET /api/common/backtest/:id/results.csv                   a finished backtest's result rows
// Owner or admin, as every other call on investments and backtests: anyone else's id is a 404.
// A refusal is the usual JSON envelope with a 4xx, sent before any byte of the file. CSV: UTF-8,
// a header line whose names carry the units, times in ISO 8601 UTC, numbers with a decimal point
// and no grouping (JavaScript's own shortest form, which reads back to the same number), CRLF.
import * as z from 'zod';
import { BACKTEST_MESSAGES } from './backtests';
import { endpoint } from './endpoint';
import { investmentParamsSchema } from './investments';

export const STATEMENT_MESSAGES = {
  monthFormat: 'Mese non valido: usa il formato AAAA-MM (es. 2026-10).',
  monthInFuture: 'Il mese scelto non è ancora iniziato.',
  notDone: 'I risultati sono disponibili solo per un backtest completato.',
  noFees: 'Nessuna commissione applicata dalla piattaforma',
  downloadError: 'Errore durante il download del file',
  exportTransactions: 'Esporta transazioni (CSV)',
  monthlyStatement: 'Estratto conto mensile (PDF)',
  exportResults: 'Esporta risultati (CSV)',
} as const;

/** The earliest month a statement is made for: no bot traded before. */
export const STATEMENT_FIRST_MONTH = '2000-01';

export const monthSchema = z
  .string({ error: STATEMENT_MESSAGES.monthFormat })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, STATEMENT_MESSAGES.monthFormat)
  .refine((month) => month >= STATEMENT_FIRST_MONTH, STATEMENT_MESSAGES.monthFormat);

export const statementQuerySchema = z.object({ month: monthSchema });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The header of an investment's transactions CSV. Every market quotes in USD (engine.md section 1). */
export const TRANSACTIONS_CSV_COLUMNS = [
  'opened_at_utc',
  'closed_at_utc',
  'market',
  'lots',
  'entry_price_usd',
  'exit_price_usd',
  'reason',
  'profit_loss_eur',
] as const;

/**
 * The header of a result set's CSV: a row's parameters, then its figures (engine.md section 4).
 * Points are the instrument's (engine.md section 1); overflow_at_utc is empty when the run did not stop.
 * Then the row's time under water, and its run on the held-back part of the period (out of sample,
 * from its first bar): empty when nothing was held back.
 */
export const RESULTS_CSV_COLUMNS = [
  'size_lots',
  'addizionale_lots',
  'mediazione_points',
  'target_points',
  'multiplier',
  'profit_eur',
  'interest_pct',
  'trades',
  'stops',
  'requirement_pct',
  'requirement_1_20_pct',
  'requirement_1_200_pct',
  'max_drawdown_pct',
  'open_pnl_eur',
  'overflow',
  'overflow_at_utc',
  'time_under_water_days',
  'held_back_from_utc',
  'held_back_profit_eur',
  'held_back_interest_pct',
  'held_back_trades',
  'held_back_stops',
  'held_back_max_drawdown_pct',
  'held_back_time_under_water_days',
  'held_back_open_pnl_eur',
  'held_back_overflow',
] as const;

/** The month before the given moment's, as YYYY-MM in UTC: what a statement is usually asked for. */
export function previousMonth(now: Date): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
}

const backtestParamsSchema = z.object({ id: z.uuid(BACKTEST_MESSAGES.notFound) });

export const STATEMENTS_API = {
  transactionsCsv: endpoint({
    method: 'GET',
    path: '/api/common/investments/:id/transactions.csv',
    access: 'signed-in',
    summary: "An investment's closed cycles as a CSV file (TRANSACTIONS_CSV_COLUMNS).",
    params: investmentParamsSchema,
    response: { raw: 'text/csv' },
  }),
  statementPdf: endpoint({
    method: 'GET',
    path: '/api/common/investments/:id/statement.pdf',
    access: 'signed-in',
    summary: "An investment's monthly statement as a PDF file, for a month given as YYYY-MM.",
    params: investmentParamsSchema,
    query: statementQuerySchema,
    response: { raw: 'application/pdf' },
  }),
  resultsCsv: endpoint({
    method: 'GET',
    path: '/api/common/backtest/:id/results.csv',
    access: 'signed-in',
    summary: "A finished backtest's result rows as a CSV file (RESULTS_CSV_COLUMNS).",
    params: backtestParamsSchema,
    response: { raw: 'text/csv' },
  }),
};
