// What the solver worker answers, shared by the worker and the page that starts it.
import type { Solution } from 'altcha-lib/types';

export type SolverAnswer = { solution: Solution } | { error: string };
