// Stored price data and its upload (product-spec.md sections 2, 5, 7; DESIGN.md section 6).
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';

export const timeframeSchema = z.enum(['1m', '1d']);
export type Timeframe = z.infer<typeof timeframeSchema>;

export const UPLOAD_MESSAGES = {
  notCsv: 'Per favore seleziona un file CSV',
  tooLarge: 'File troppo grande. Massimo 600MB consentito',
  fileAndAlgorithm: 'Seleziona un file e un algoritmo',
  error: "Errore durante l'upload",
  success: "File caricato con successo! Il file è stato inviato al server per l'elaborazione.",
  successShort: 'File caricato con successo!',
  cancelled: "Upload cancellato dall'utente",
} as const;

export const marketDataSetSchema = z.object({
  market: marketSchema,
  timeframe: timeframeSchema,
  rows: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  updatedAt: z.string(),
});
export type MarketDataSet = z.infer<typeof marketDataSetSchema>;

/** The answer of POST /api/admin/upload-csv (DESIGN.md section 6). */
export const uploadResultSchema = z.object({
  market: marketSchema,
  timeframe: timeframeSchema,
  format: z.string(),
  imported: z.number().int(),
  rejected: z.number().int(),
  rejectedSamples: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  first: z.string(),
  last: z.string(),
  gaps: z.array(z.object({ from: z.string(), to: z.string() })),
  /** Rows of the stored set after the merge. */
  storedRows: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const MARKETDATA_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/marketdata',
    access: 'signed-in',
    summary: 'The stored price data sets: market, timeframe, rows and the period they cover.',
    response: z.array(marketDataSetSchema),
  }),
  /** The multipart of csvFile, algorithmId (the market is the algorithm's) and timeframe. */
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/upload-csv',
    access: 'admin',
    summary: "Imports a CSV of prices into the algorithm's market, merging it with the stored set.",
    body: 'multipart',
    response: uploadResultSchema,
  }),
};
