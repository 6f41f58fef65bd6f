// What the upload form checks (product-spec.md section 5): a .csv file of at most 600 MB, checked
// as soon as it is chosen, and both a file and an algorithm before sending; and what it says.
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, type Timeframe } from '@platform/contracts';
import * as z from 'zod';
import { ApiError } from '../../lib/api-client';

export interface UploadFormValues {
  file: File | null;
  algorithmId: string;
}

/** The reason a chosen file cannot be sent, or undefined when it can. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  if (!file.name.toLowerCase().endsWith('.csv')) return UPLOAD_MESSAGES.notCsv;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

export const uploadFormSchema = z
  .object({
    file: z.custom<File | null>(),
    algorithmId: z.string(),
  })
  .superRefine(({ file, algorithmId }, context) => {
    if (!file || algorithmId === '') {
      context.addIssue({ code: 'custom', path: ['file'], message: UPLOAD_MESSAGES.fileAndAlgorithm });
      return;
    }
    const problem = fileProblem(file);
    if (problem) context.addIssue({ code: 'custom', path: ['file'], message: problem });
  })
  .transform(({ file, algorithmId }) => ({ file: file as File, algorithmId }));

export type UploadFormInput = z.output<typeof uploadFormSchema>;

/** The dialog's title, its subtitle and the submit label of product-spec.md section 2. */
export function uploadTexts(type: Timeframe | undefined): {
  title: string;
  subtitle: string | undefined;
  submit: string;
} {
  const timeframe = type ?? '1m';
  const submit = `Carica File ${timeframe.toUpperCase()}`;
  switch (type) {
    case '1m':
      return { title: 'Upload Dati 1 Minuto', subtitle: 'Dati per l’analisi ad alta frequenza', submit };
    case '1d':
      return { title: 'Upload Dati 1 Giorno', subtitle: 'Dati per l’analisi di lungo periodo', submit };
    case undefined:
      return { title: 'Upload Dati', subtitle: undefined, submit };
  }
}

/** A cancel says so; a refusal or a server error gives the server's words; anything else the generic text. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return UPLOAD_MESSAGES.cancelled;
  return error instanceof ApiError && error.status >= 400 && error.message
    ? error.message
    : UPLOAD_MESSAGES.error;
}
