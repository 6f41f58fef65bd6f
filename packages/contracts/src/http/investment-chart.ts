// An investment's view (issue 36, point 2): GET /api/common/investments/:id/chart[?from&to]
// answers, in one call, what the view draws for a period: the market's price bars (the bars the
// server holds: the stored history and the price feed's own recent candles, merged into at most
// about 1,500 points), the bot's entries and exits as markers (one entry and one exit per closed
// transaction, one entry per fill of the open cycle), its equity curve (capital + closed profit
// + the open cycles' P/L at each point's close), its open positions and its transactions. Owner
// or admin: anyone else's investment is a 404, as every other call on investments.
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';
import { investmentParamsSchema } from './investments';
import { priceColumnsSchema } from './price-columns';
import { transactionSchema } from './transactions';

export const INVESTMENT_CHART_MESSAGES = {
  open: 'Grafico',
  title: 'Grafico dell’investimento',
  loading: 'Caricamento del grafico…',
  error: 'Impossibile caricare il grafico dell’investimento',
  badDate: 'Data non valida: usa una data e ora ISO 8601 (es. 2026-01-31T00:00:00Z).',
  badPeriod: 'Periodo non valido: la data iniziale deve precedere quella finale.',
} as const;

/** The view asks again at this pace while it is open, as the investments list does (5 s). */
export const INVESTMENT_CHART_REFRESH_MS = 5000;

/** At most this many points of price and of equity, however long the period. */
export const INVESTMENT_CHART_MAX_POINTS = 1500;
/** The newest transactions of the period drawn as markers and listed; the export has them all. */
export const INVESTMENT_CHART_MAX_TRANSACTIONS = 500;

const instant = z.iso.datetime({ offset: true, error: INVESTMENT_CHART_MESSAGES.badDate });

/** Both optional: from defaults to the investment's start (or its first trade), to to now. */
export const investmentChartQuerySchema = z
  .object({ from: instant.optional(), to: instant.optional() })
  .refine(({ from, to }) => !from || !to || Date.parse(from) < Date.parse(to), {
    error: INVESTMENT_CHART_MESSAGES.badPeriod,
  });
export type InvestmentChartQuery = z.infer<typeof investmentChartQuerySchema>;

export const chartMarkerSchema = z.object({
  kind: z.enum(['entry', 'exit']),
  /** ms since the epoch (UTC): the entry's or the exit's own moment. */
  time: z.number(),
  /** The fill (an entry: the cycle's volume-weighted entry, or the open position's fill) or the exit bid. */
  price: z.number(),
  lots: z.number(),
  /** Why the cycle closed (exits only). */
  reason: z.enum(['take-profit', 'stop', 'close']).nullable(),
  /** The closed transaction it belongs to; null for an open position's entry. */
  transactionId: z.string().nullable(),
});
export type ChartMarker = z.infer<typeof chartMarkerSchema>;

export const openPositionSchema = z.object({
  id: z.string(),
  /** The grid level it filled (0: the cycle's first entry). */
  level: z.number().int(),
  lots: z.number(),
  /** The fill price (ask). */
  price: z.number(),
  openedAt: z.string(),
  /** EUR at the last price known, or null when no price is known yet. */
  profitLoss: z.number().nullable(),
});
export type OpenPosition = z.infer<typeof openPositionSchema>;

export const investmentChartSchema = z.object({
  investmentId: z.string(),
  market: marketSchema,
  capital: z.number(),
  /** The period, ms since the epoch. */
  from: z.number(),
  to: z.number(),
  /**
   * Columns, one entry per bar: its start (ms) and its prices. A bar is one of the server's bars
   * (a minute of the market; shorter on a replay faster than real time) or, past 1,500 of them,
   * a run of consecutive ones merged. Empty when the server holds no price for the period.
   */
  bars: z.object({ time: z.array(z.number()), ...priceColumnsSchema.shape }),
  /** Oldest first. */
  markers: z.array(chartMarkerSchema),
  /**
   * Columns, one entry per point: its time (ms), the balance (capital + closed profit) and the
   * equity (balance + the P/L the cycles open then had at that price), EUR. A point per bar, or
   * per closed transaction when no price is known.
   */
  equity: z.object({
    time: z.array(z.number()),
    balance: z.array(z.number()),
    equity: z.array(z.number()),
  }),
  openPositions: z.array(openPositionSchema),
  /** The period's transactions, newest first: at most INVESTMENT_CHART_MAX_TRANSACTIONS of them. */
  transactions: z.array(transactionSchema),
  /** How many transactions the period has in all. */
  transactionCount: z.number().int(),
  /** EUR: every closed cycle up to the period's end, and the open positions' P/L at the last price. */
  profit: z.number(),
  openPnl: z.number(),
  /** The last price known (the last bar's close), or null. */
  lastPrice: z.number().nullable(),
});
export type InvestmentChart = z.infer<typeof investmentChartSchema>;

export const INVESTMENT_CHART_API = {
  chart: endpoint({
    method: 'GET',
    path: '/api/common/investments/:id/chart',
    access: 'signed-in',
    summary: "An investment's period: prices, the bot's entries and exits, equity, positions, transactions.",
    params: investmentParamsSchema,
    query: investmentChartQuerySchema,
    response: investmentChartSchema,
  }),
};
