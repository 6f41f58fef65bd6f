// Backtests (product-spec.md sections 2, 3, 5, 7; engine.md sections 4 and 5). isCompleted:
// 0 queued, 1 running, 2 done, 3 failed (error says why).
import * as z from 'zod';
import { MIN_LEVERAGE, maxLeverageFor, leverageLimitMessage } from '../constants';
import { marketSchema } from '../enums';
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
  noData: 'Non ci sono dati di prezzo per il mercato e il periodo scelti.',
  confirmDelete: 'Sei sicuro di voler eliminare questo backtest?',
} as const;

export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;

export const accountTypeSchema = z.enum(['retail', 'pro']);
export type AccountType = z.infer<typeof accountTypeSchema>;

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
});
export type Backtest = z.infer<typeof backtestSchema>;
