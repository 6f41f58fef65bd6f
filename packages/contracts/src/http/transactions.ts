// A closed grid cycle of a live bot, as a statement line (engine.md section 6).
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';

export const transactionSchema = z.object({
  _id: z.string(),
  investmentId: z.string().nullable(),
  market: marketSchema,
  /** Total lots of the cycle. */
  lots: z.number(),
  /** Volume-weighted entry price and exit price (bid). */
  entryPrice: z.number(),
  exitPrice: z.number(),
  reason: z.enum(['take-profit', 'stop', 'close']),
  openedAt: z.string(),
  closedAt: z.string(),
  /** Realised result in EUR, net of spread. */
  profitLoss: z.number(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTIONS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/transactions',
    access: 'signed-in',
    summary: "The closed cycles of the caller's bots (every bot's for an admin).",
    response: z.array(transactionSchema),
  }),
};
