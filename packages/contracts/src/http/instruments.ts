import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';

/** A row of the instrument table (engine.md section 1). */
export const instrumentSchema = z.object({
  market: marketSchema,
  symbol: z.string(),
  point: z.number(),
  contractSize: z.number(),
  spreadPoints: z.number(),
  defaults: z.object({
    mediazione: z.number(),
    target: z.number(),
    worst: z.number(),
    safeWorst: z.number(),
  }),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const INSTRUMENTS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/instruments',
    access: 'signed-in',
    summary: "The instrument table: each market's symbol, point, contract size, spread and defaults.",
    response: z.array(instrumentSchema),
  }),
};
