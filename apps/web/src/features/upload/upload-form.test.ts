import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_MESSAGES } from '../../lib/api-client';
import { fileProblem, uploadErrorMessage, uploadFormSchema, uploadTexts } from './upload-form';

const csv = (name = 'DAT_MT_EURUSD_M1_202006.csv', size = 1024) =>
  new File(['x'.repeat(Math.min(size, 16))], name, { type: 'text/csv' });

describe('upload form', () => {
  it('takes only .csv files of at most 600 MB', () => {
    expect(fileProblem({ name: 'prices.CSV', size: 10 })).toBeUndefined();
    expect(fileProblem({ name: 'prices.txt', size: 10 })).toBe(UPLOAD_MESSAGES.notCsv);
    expect(fileProblem({ name: 'prices.csv', size: UPLOAD_MAX_BYTES })).toBeUndefined();
    expect(fileProblem({ name: 'prices.csv', size: UPLOAD_MAX_BYTES + 1 })).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('needs both a file and an algorithm', () => {
    const message = (values: Parameters<typeof uploadFormSchema.safeParse>[0]) =>
      uploadFormSchema.safeParse(values).error?.issues[0]?.message;
    expect(message({ file: null, algorithmId: 'a' })).toBe(UPLOAD_MESSAGES.fileAndAlgorithm);
    expect(message({ file: csv(), algorithmId: '' })).toBe(UPLOAD_MESSAGES.fileAndAlgorithm);
    expect(message({ file: csv('prices.xlsx'), algorithmId: 'a' })).toBe(UPLOAD_MESSAGES.notCsv);
    expect(uploadFormSchema.parse({ file: csv(), algorithmId: 'a' }).algorithmId).toBe('a');
  });

  it('names the dialog by timeframe and labels the submit with it', () => {
    expect(uploadTexts('1m')).toMatchObject({ title: 'Upload Dati 1 Minuto', submit: 'Carica File 1M' });
    expect(uploadTexts('1d')).toMatchObject({ title: 'Upload Dati 1 Giorno', submit: 'Carica File 1D' });
    expect(uploadTexts(undefined)).toEqual({
      title: 'Upload Dati',
      subtitle: undefined,
      submit: 'Carica File 1M',
    });
  });
});

describe('upload errors', () => {
  it('says a cancel was the user’s, gives the server’s words, else the generic message', () => {
    expect(uploadErrorMessage(new DOMException('Upload aborted', 'AbortError'))).toBe(
      UPLOAD_MESSAGES.cancelled,
    );
    expect(uploadErrorMessage(new ApiError('La spaziatura delle barre non è di 1 minuto.', 400))).toBe(
      'La spaziatura delle barre non è di 1 minuto.',
    );
    expect(uploadErrorMessage(new ApiError('Errore interno del server.', 500))).toBe(
      'Errore interno del server.',
    );
    expect(uploadErrorMessage(new ApiError(NETWORK_MESSAGES.offline, 0))).toBe(UPLOAD_MESSAGES.error);
    expect(uploadErrorMessage(new Error('boom'))).toBe(UPLOAD_MESSAGES.error);
  });
});
