// Market analyses (product-spec.md sections 2, 3, 5, 7; engine.md section 7).
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';
import { daySchema, periodOrder, PERIOD_MESSAGES } from './period';

export const ANALYSIS_MESSAGES = {
  created: 'Analisi creata con successo',
  createError: "Errore nella creazione dell'analisi",
  deleted: 'Analyses deleted successfully',
  deleteError: 'Error deleting analyses',
  confirmDelete: 'Sei sicuro di voler eliminare questa analisi?',
  notFound: 'Analisi non trovata.',
  noData: 'Non ci sono dati di prezzo per il mercato e il periodo scelti.',
  tooManyQueued: (max: number) =>
    `Hai già ${max} analisi in coda o in esecuzione: attendi che una finisca prima di avviarne un'altra.`,
} as const;

export const createAnalysisSchema = z
  .object({ from: daySchema, to: daySchema, market: marketSchema.default('GOLD') })
  .refine(periodOrder, { message: PERIOD_MESSAGES.order, path: ['to'] });
export type CreateAnalysis = z.input<typeof createAnalysisSchema>;

const nullableNumber = z.number().nullable();

export const analysisResultsSchema = z.object({
  volatility: z.object({ mean: nullableNumber, min: nullableNumber, max: nullableNumber }),
  worst: z.object({
    avg_positive: nullableNumber,
    min_positive: nullableNumber,
    max_positive: nullableNumber,
    avg_negative: nullableNumber,
    min_negative: nullableNumber,
    max_negative: nullableNumber,
    avg_positive_duration: nullableNumber,
    avg_negative_duration: nullableNumber,
  }),
  choch: z.object({ min_diff: z.number(), max_diff: z.number(), avg_diff: z.number() }).optional(),
});
export type AnalysisResultsView = z.infer<typeof analysisResultsSchema>;

export const analysisSchema = z.object({
  _id: z.string(),
  market: marketSchema,
  createdAt: z.string(),
  from: z.string(),
  to: z.string(),
  isCompleted: z.number().int(),
  error: z.string().nullable(),
  results: analysisResultsSchema.nullable(),
});
export type Analysis = z.infer<typeof analysisSchema>;

const analysisParams = z.object({ id: z.uuid(ANALYSIS_MESSAGES.notFound) });

export const ANALYSES_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/analysis',
    access: 'signed-in',
    summary: "The caller's market analyses (every analysis for an admin).",
    response: z.array(analysisSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/common/analysis',
    access: 'signed-in',
    summary: "Queues an analysis of a market's volatility and worst moves over a period.",
    body: createAnalysisSchema,
    response: analysisSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/common/analysis/:id',
    access: 'signed-in',
    summary: 'Deletes an analysis.',
    params: analysisParams,
    response: z.null(),
  }),
};
