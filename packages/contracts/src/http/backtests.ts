// Backtests (product-spec.md sections 2, 3, 5, 7; engine.md sections 4 and 5). isCompleted:
// 0 queued, 1 running, 2 done, 3 failed (error says why).
import * as z from 'zod';
import { MIN_LEVERAGE, maxLeverageFor, leverageLimitMessage } from '../constants';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';
import { daySchema, periodOrder, PERIOD_MESSAGES } from './period';

export const BACKTEST_MESSAGES = {
  singleStarted: 'Backtest singolo avviato con successo!',
  rangeStarted: 'Backtest con range avviato con successo!',
  error: 'Errore nel backtest',
  genericError: 'Si è verificato un errore',
  tooManyQueued: (max: number) =>
    `Hai già ${max} backtest in coda o in esecuzione: attendi che uno finisca prima di avviarne un altro.`,
  deleted: 'Backtest deleted successfully',
  deleteError: 'Error deleting backtest',
  capitalPositive: 'Il capitale deve essere maggiore di 0',
  worstPositive: 'Il valore Worst deve essere maggiore di 0',
  safeWorstPositive: 'Il valore Safe Worst deve essere maggiore di 0',
  sizePositive: 'Size deve essere maggiore di 0',
  addizionalePositive: 'Addizionale deve essere maggiore di 0',
  mediazionePositive: 'Mediazione deve essere maggiore di 0',
  targetPositive: 'Target deve essere maggiore di 0',
  multiplierAtLeastOne: 'Multiplier deve essere almeno 1',
  algorithmRequired: 'Seleziona un algoritmo',
  notFound: 'Backtest non trovato.',
  holdOutRange: 'La parte fuori campione deve essere tra 0 e 50%.',
  noData: 'Non ci sono dati di prezzo per il mercato e il periodo scelti.',
  confirmDelete: 'Sei sicuro di voler eliminare questo backtest?',
} as const;

export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;

export const accountTypeSchema = z.enum(['retail', 'pro']);
export type AccountType = z.infer<typeof accountTypeSchema>;

/**
 * Out of sample (issue 36, point 6): the percent of a range's bars held back at the end of its
 * period. The rows are computed and ranked on the bars before; each row is run again, afresh, on
 * the held-back bars. 0 turns it off. The form offers 20; a request without it holds back nothing,
 * as requests did before.
 */
export const HOLD_OUT_DEFAULT = 20;
export const HOLD_OUT_MAX = 50;
export const holdOutSchema = z
  .number({ error: BACKTEST_MESSAGES.holdOutRange })
  .min(0, BACKTEST_MESSAGES.holdOutRange)
  .max(HOLD_OUT_MAX, BACKTEST_MESSAGES.holdOutRange);

const positive = (message: string) => z.number({ error: message }).positive(message).max(1e9);

const commonConfig = {
  capital: positive(BACKTEST_MESSAGES.capitalPositive),
  accountType: accountTypeSchema,
  leverage: z.number().min(MIN_LEVERAGE, leverageLimitMessage(1)),
  from: daySchema,
  to: daySchema,
  market: marketSchema,
  worst: positive(BACKTEST_MESSAGES.worstPositive),
  safeWorst: positive(BACKTEST_MESSAGES.safeWorstPositive),
};

/** Empty single fields take the defaults of engine.md section 5 (the form sends what it has). */
const optionalPositive = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), positive(message).optional());

export const backtestConfigSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('range'),
      ...commonConfig,
      algorithm: z
        .string({ error: BACKTEST_MESSAGES.algorithmRequired })
        .uuid(BACKTEST_MESSAGES.algorithmRequired),
      dynamic: z.boolean(),
      close: z.boolean(),
      holdOut: holdOutSchema.default(0),
    }),
    z.object({
      type: z.literal('single'),
      ...commonConfig,
      size: optionalPositive(BACKTEST_MESSAGES.sizePositive),
      addizionale: optionalPositive(BACKTEST_MESSAGES.addizionalePositive),
      mediazione: optionalPositive(BACKTEST_MESSAGES.mediazionePositive),
      multiplier: z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z.number().min(1, BACKTEST_MESSAGES.multiplierAtLeastOne).max(100).optional(),
      ),
      target: optionalPositive(BACKTEST_MESSAGES.targetPositive),
    }),
  ])
  .refine(periodOrder, { message: PERIOD_MESSAGES.order, path: ['to'] })
  .refine((config) => config.leverage <= maxLeverageFor(config.accountType === 'pro'), {
    message: 'Leva oltre il massimo consentito per il tipo di conto.',
    path: ['leverage'],
  });
export type BacktestConfig = z.input<typeof backtestConfigSchema>;
export type BacktestConfigInput = z.output<typeof backtestConfigSchema>;

export const createBacktestSchema = z.object({ config: backtestConfigSchema });

/**
 * A row's result on the held-back part of the period (out of sample): the same parameters run
 * afresh (capital, no cycle open) on the held-back bars alone.
 */
export const heldBackResultSchema = z.object({
  /** The held-back part's first bar (ms since the epoch): the same for every row of a backtest. */
  from: z.number(),
  profit: z.number(),
  interest: z.number(),
  trades: z.number(),
  stops: z.number(),
  maxDrawdown: z.number(),
  timeUnderWaterDays: z.number(),
  openPnl: z.number(),
  overflow: z.boolean(),
});
export type HeldBackResult = z.infer<typeof heldBackResultSchema>;

/** A row of results (engine.md section 4). */
export const backtestResultSchema = z.object({
  profit: z.number(),
  interest: z.number(),
  trades: z.number(),
  stops: z.number(),
  requirement: z.number(),
  /**
   * requirement at 1:20 and at 1:200, the platform's two leverages, whatever the backtest's own
   * (issue 36): the results screen's risk works on either. Null on rows stored before.
   */
  requirement20: z.number().nullable().default(null),
  requirement200: z.number().nullable().default(null),
  maxDrawdown: z.number(),
  /**
   * Time under water, in days: the longest time equity went without a new high (issue 36, point
   * 5; packages/engine RunResult.timeUnderWater). Null on rows stored before.
   */
  timeUnderWaterDays: z.number().nullable().default(null),
  openPnl: z.number(),
  size: z.number(),
  addizionale: z.number(),
  mediazione: z.number(),
  target: z.number(),
  multiplier: z.number(),
  /**
   * The run's lots or money left the range where the engine's integers are exact (engine.md fine
   * point 1): it stopped there, and the figures above are those up to that moment. Rows stored
   * before the flag existed carry neither field and read as not flagged.
   */
  overflow: z.boolean().default(false),
  /** When it stopped (ms since the epoch), or null. */
  overflowAt: z.number().nullable().default(null),
  /** The row on the held-back part (out of sample); null when nothing was held back. */
  heldBack: heldBackResultSchema.nullable().default(null),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const backtestSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  type: z.enum(['range', 'single']),
  capital: z.number(),
  accountType: accountTypeSchema,
  leverage: z.number(),
  dynamic: z.boolean(),
  close: z.boolean(),
  from: z.string(),
  to: z.string(),
  market: marketSchema,
  algorithm: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** 0 queued, 1 running, 2 done, 3 failed. */
  isCompleted: z.number().int(),
  error: z.string().nullable(),
  /** The list carries no rows (a range has 1,323): GET /api/common/backtest/:id has them. */
  resultCount: z.number().int(),
  results: z.array(backtestResultSchema),
  /** True when some day had no EURUSD rate and 1.0 was used (engine.md section 1). */
  fxFallback: z.boolean(),
  /** The percent of the bars held back (out of sample); 0 for none. */
  holdOut: z.number(),
  /** When the held-back part starts (its first bar, ISO UTC); null when nothing was held back or the list carries no rows. */
  heldBackFrom: z.string().nullable(),
});
export type Backtest = z.infer<typeof backtestSchema>;

/** A backtest named in the path; a malformed id reads as one that does not exist. */
export const backtestParamsSchema = z.object({ id: z.uuid(BACKTEST_MESSAGES.notFound) });

export const BACKTESTS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/backtest',
    access: 'signed-in',
    summary: "The caller's backtests (every backtest for an admin), without their result rows.",
    response: z.array(backtestSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/common/backtest/:id',
    access: 'signed-in',
    summary: 'One backtest with its result rows.',
    params: backtestParamsSchema,
    response: backtestSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/common/backtest',
    access: 'signed-in',
    summary: 'Queues a single or range backtest.',
    body: createBacktestSchema,
    response: backtestSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/common/backtest/:id',
    access: 'signed-in',
    summary: 'Deletes a backtest.',
    params: backtestParamsSchema,
    response: z.null(),
  }),
};
