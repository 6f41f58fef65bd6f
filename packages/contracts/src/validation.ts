// Validation messages come out in Italian and name the field, so a client that sends a wrong
// shape learns which field is wrong. Schemas with a message of the spec keep their own.
import * as z from 'zod';

z.config(z.locales.it());
// In a browser the app's content security policy forbids eval, which zod's compiled fast path tries
// first (the browser reports the attempt as a violation): there zod parses without it.
z.config({ jitless: 'document' in globalThis });
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type' || issue.path === undefined || issue.path.length === 0)
      return undefined;
    const field = issue.path.join('.');
    return issue.input === undefined || issue.input === null
      ? `Campo obbligatorio mancante: ${field}.`
      : `Campo non valido: ${field} (atteso ${issue.expected}).`;
  },
});

/** The message shown for a failed parse: the first issue's, which is what a form would show first. */
export function validationMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Dati non validi.';
}
