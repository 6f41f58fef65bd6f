import * as z from 'zod';
import { marketSchema } from '../enums';

/** A row of the instrument table (engine.md section 1). */
export const instrumentSchema = z.object({
  market: marketSchema,
  symbol: z.string(),
  point: z.number(),
  contractSize: z.number(),
  spreadPoints: z.number(),
  defaults: z.object({ mediazione: z.number(), target: z.number(), worst: z.number(), safeWorst: z.number() }),
});
export type Instrument = z.infer<typeof instrumentSchema>;
