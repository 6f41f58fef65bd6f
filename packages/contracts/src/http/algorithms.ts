// Algorithms: the spec's name, description and minCapital, plus the market they trade and the
// grid parameters of engine.md (DESIGN.md section 6), defaulting from the instrument table.
import * as z from 'zod';
import { marketSchema } from '../enums';
import { endpoint } from './endpoint';

export const ALGORITHM_MESSAGES = {
  updated: 'Algorithm updated successfully!',
  added: 'Algorithm added successfully!',
  saveError: 'Error saving algorithm.',
  loadError: 'Errore nel caricamento degli algoritmi.',
  nameDescriptionRequired: 'Name and Description are required.',
  minCapitalPositive: 'minCapital must be greater than 0.',
  notFound: 'Algoritmo non trovato.',
} as const;

const positive = (label: string) =>
  z
    .number({ error: `${label} deve essere un numero.` })
    .positive(`${label} deve essere maggiore di 0`)
    .max(1e9);
const positiveList = (label: string) =>
  z.array(positive(label)).min(1, `${label}: serve almeno un valore.`).max(50);

/** The sweep of a range backtest (engine.md section 5), when the algorithm overrides the default. */
export const sweepGridSchema = z.object({
  size: positiveList('Size'),
  ratio: positiveList('Ratio'),
  mediazione: positiveList('Mediazione'),
  target: positiveList('Target'),
});
export type SweepGrid = z.infer<typeof sweepGridSchema>;

export const algorithmConfigSchema = z.object({
  mediazione: positive('Mediazione'),
  target: positive('Target'),
  multiplier: z.number().min(1, 'Multiplier deve essere almeno 1').max(100),
  worst: positive('Worst'),
  safeWorst: positive('Safe Worst'),
  grid: sweepGridSchema.optional(),
});
export type AlgorithmConfig = z.infer<typeof algorithmConfigSchema>;

export const algorithmSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  minCapital: z.number(),
  market: marketSchema,
  config: algorithmConfigSchema,
});
export type Algorithm = z.infer<typeof algorithmSchema>;

/** Fields left out of config take the market's defaults from the instrument table. */
export const algorithmFormSchema = z.object({
  name: z.string().trim().min(1, ALGORITHM_MESSAGES.nameDescriptionRequired).max(100),
  description: z.string().trim().min(1, ALGORITHM_MESSAGES.nameDescriptionRequired).max(2000),
  minCapital: z
    .number({ error: ALGORITHM_MESSAGES.minCapitalPositive })
    .gt(0, ALGORITHM_MESSAGES.minCapitalPositive)
    .max(1e9),
  market: marketSchema.default('GOLD'),
  config: algorithmConfigSchema.partial().optional(),
});
export type AlgorithmForm = z.input<typeof algorithmFormSchema>;
export type AlgorithmFormInput = z.output<typeof algorithmFormSchema>;

const algorithmParams = z.object({ id: z.uuid(ALGORITHM_MESSAGES.notFound) });

export const ALGORITHMS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/common/algorithms',
    access: 'signed-in',
    summary: 'Every algorithm, with its market and grid parameters.',
    response: z.array(algorithmSchema),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/common/algorithms/add',
    access: 'admin',
    summary: "Adds an algorithm; parameters left out take its market's defaults.",
    body: algorithmFormSchema,
    response: algorithmSchema,
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/api/common/edit/algorithms/:id',
    access: 'admin',
    summary: 'Changes an algorithm.',
    params: algorithmParams,
    body: algorithmFormSchema,
    response: algorithmSchema,
  }),
};
