// A market's prices as columns, one array per price and one entry per bar or stretch of bars:
// the shape the charts of a backtest's equity curve and of an investment's view both receive.
import * as z from 'zod';

/** The first open, the highest high, the lowest low and the last close of each bar or stretch. */
export const priceColumnsSchema = z.object({
  open: z.array(z.number()),
  high: z.array(z.number()),
  low: z.array(z.number()),
  close: z.array(z.number()),
});
