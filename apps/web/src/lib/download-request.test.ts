import { STATEMENTS_API, urlOf } from '@platform/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { ApiError } from './api-client';
import { attachmentName, downloadFile } from './download-request';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('downloadFile', () => {
  it('reads the file name the server gives, quoted, bare or UTF-8 encoded', () => {
    expect(attachmentName('attachment; filename="transazioni-DEMO-0001-2026-11-29.csv"', 'x.csv')).toBe(
      'transazioni-DEMO-0001-2026-11-29.csv',
    );
    expect(attachmentName('attachment; filename=estratto.pdf', 'x.pdf')).toBe('estratto.pdf');
    expect(attachmentName("attachment; filename*=UTF-8''conto%20n%C2%B01.pdf", 'x.pdf')).toBe(
      'conto n°1.pdf',
    );
    expect(attachmentName(null, 'x.pdf')).toBe('x.pdf');
    expect(attachmentName('attachment', 'x.pdf')).toBe('x.pdf');
  });

  it('turns a refusal into the ApiError of its envelope, with no file saved', async () => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    const body = JSON.stringify({ ok: false, error: 'Investimento non trovato.' });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(body, { status: 404 })));
    const error = await downloadFile(urlOf(STATEMENTS_API.transactionsCsv, { id: 'x' }), 'x.csv').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Investimento non trovato.', status: 404 });
  });
});
