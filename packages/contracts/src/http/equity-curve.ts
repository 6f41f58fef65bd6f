// The balance and equity curve of a backtest's result row (issue 36, point 1):
//   GET /api/common/backtest/:id/results/:row/equity-curve
// row: the row's position in the backtest's results (0 for a single backtest). The engine runs
// the row's parameters over the backtest's period again (engine.md, nothing new), so the curve's
// last point and its worst drawdown are the row's own. Owner or admin: anyone else's backtest is
// a 404, as every other call on backtests.
import * as z from 'zod';
import { endpoint } from './endpoint';
import { priceColumnsSchema } from './price-columns';

export const EQUITY_CURVE_MESSAGES = {
  rowNotFound: 'Riga di risultati non trovata.',
  notDone: 'La curva è disponibile solo per un backtest completato.',
  open: 'Curva di equity',
  title: 'Curva di equity e drawdown',
  equityTab: 'Equity',
  priceTab: 'Prezzo',
  loading: 'Calcolo della curva…',
  error: 'Impossibile calcolare la curva di equity',
} as const;

export const equityCurveParamsSchema = z.object({
  id: z.uuid('Backtest non trovato.'),
  row: z.coerce
    .number({ error: EQUITY_CURVE_MESSAGES.rowNotFound })
    .int(EQUITY_CURVE_MESSAGES.rowNotFound)
    .min(0, EQUITY_CURVE_MESSAGES.rowNotFound)
    .max(1_000_000, EQUITY_CURVE_MESSAGES.rowNotFound),
});

const cycleSchema = z.object({
  reason: z.enum(['take-profit', 'stop', 'close']),
  /** ms since the epoch (UTC). */
  openedAt: z.number(),
  closedAt: z.number(),
  /** EUR. */
  profitLoss: z.number(),
});

/**
 * Columns, one entry per point. A point closes a stretch of the period's bars (at most about
 * 1,500 points, however long the period): the time of the stretch's last bar (ms), the balance
 * (capital + realised, EUR) and the equity (balance + the open cycle's floating P/L, EUR) at its
 * close, the worst drawdown reached inside it (percent of the running peak), and the cycles closed
 * in it (all of them, and those closed by the safety stop).
 */
export const equityCurveSchema = z.object({
  market: z.string(),
  from: z.string(),
  to: z.string(),
  row: z.number().int(),
  capital: z.number(),
  points: z.object({
    time: z.array(z.number()),
    balance: z.array(z.number()),
    equity: z.array(z.number()),
    drawdown: z.array(z.number()),
    cycles: z.array(z.number().int()),
    stops: z.array(z.number().int()),
    /** Cycles opened in the stretch (their first entry): the price chart's entry markers. */
    opens: z.array(z.number().int()),
  }),
  /**
   * The market over each point's stretch of bars (the bars after the previous point's up to its
   * own): the first open, the highest high, the lowest low, the last close. The 'Prezzo' tab
   * draws them as candles with the cycles opened and closed in each.
   */
  prices: priceColumnsSchema,
  /**
   * The cycles a reader looks for: every one closed by the stop, and the end close (past 1,000 of
   * them, the 1,000 deepest losses), in time order.
   */
  notable: z.array(cycleSchema),
  /** The run's own figures (engine.md section 4): equal to the row's. */
  profit: z.number(),
  openPnl: z.number(),
  finalBalance: z.number(),
  finalEquity: z.number(),
  maxDrawdown: z.number(),
  trades: z.number().int(),
  stops: z.number().int(),
  /** The worst drawdown's running peak and its lowest point (ms); null when equity never fell. */
  peakAt: z.number().nullable(),
  troughAt: z.number().nullable(),
  overflowAt: z.number().nullable(),
  /**
   * The longest time under water: from the first moment equity was below its running peak to the
   * first one it was back at it (recovered), or to the end of the period (not recovered); ms of
   * the bars. Null when equity never fell below a peak.
   */
  underwater: z.object({ from: z.number(), to: z.number(), recovered: z.boolean() }).nullable(),
  /** Milliseconds the engine took. */
  computeMs: z.number(),
});
export type EquityCurveData = z.infer<typeof equityCurveSchema>;

export const EQUITY_CURVE_API = {
  curve: endpoint({
    method: 'GET',
    path: '/api/common/backtest/:id/results/:row/equity-curve',
    access: 'signed-in',
    summary: "A finished backtest's result row run again: its balance, equity and drawdown curve.",
    params: equityCurveParamsSchema,
    response: equityCurveSchema,
  }),
};
