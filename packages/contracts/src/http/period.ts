// A period of backtests and analyses: two Y-m-d days within the product's span, from <= to.
import * as z from 'zod';
import { PERIOD_FIRST_DAY, PERIOD_LAST_DAY } from '../constants';

export const PERIOD_MESSAGES = {
  bothDates: 'Seleziona entrambe le date',
  format: 'Le date devono essere nel formato anno-mese-giorno (AAAA-MM-GG).',
  outOfRange: `Le date devono essere comprese tra ${PERIOD_FIRST_DAY} e ${PERIOD_LAST_DAY}.`,
  order: 'La data di inizio deve precedere quella di fine.',
} as const;

const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

export const daySchema = z
  .string({ error: PERIOD_MESSAGES.bothDates })
  .min(1, PERIOD_MESSAGES.bothDates)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PERIOD_MESSAGES.format)
  .refine(isRealDay, PERIOD_MESSAGES.format)
  .refine((day) => day >= PERIOD_FIRST_DAY && day <= PERIOD_LAST_DAY, PERIOD_MESSAGES.outOfRange);

/** Adds the from <= to rule to an object schema with from and to days. */
export const periodOrder = <T extends { from: string; to: string }>(value: T) => value.from <= value.to;
