import { LOGS_API, urlOf, type LogEntry } from '@platform/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage';
import { collections } from './collections';
import { LOGS_PAGE_SIZE, logsPageQuery } from './logs-page';

const entry = (index: number): LogEntry => ({
  _id: `log-${index}`,
  action: 'LOGIN_FAILED',
  description: `Tentativo ${index}`,
  timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(),
  user: null,
  ipAddress: '127.0.0.1',
  userAgent: null,
  metadata: null,
});

/** A server of 130 logs: pages by limit and offset, and the count. No session: no bearer sent. */
function fakeServer() {
  vi.stubGlobal('window', { localStorage: new MemoryStorage() });
  const logs = Array.from({ length: 130 }, (_, index) => entry(index));
  // apiRequest fetches by path alone.
  return vi.fn<(path: string) => Promise<Response>>().mockImplementation((path) => {
    const url = new URL(path, 'http://platform.test');
    const data =
      url.pathname === LOGS_API.count.path
        ? { total: logs.length }
        : logs.slice(
            Number(url.searchParams.get('offset')),
            Number(url.searchParams.get('offset')) + Number(url.searchParams.get('limit')),
          );
    return Promise.resolve(new Response(JSON.stringify({ ok: true, data }), { status: 200 }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logs pages', () => {
  it('fetches the page shown by limit and offset, with the total of the whole list', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    const page = await new QueryClient().fetchQuery(logsPageQuery(2, 20));

    expect(page.total).toBe(130);
    expect(page.rows.map((row) => row._id)).toEqual(
      Array.from({ length: 20 }, (_, index) => `log-${40 + index}`),
    );
    expect(server.mock.calls.map(([path]) => path).sort()).toEqual([
      urlOf(LOGS_API.count),
      urlOf(LOGS_API.list, undefined, { limit: 20, offset: 40 }),
    ]);
  });

  it('reaches the last page in one call, however many pages come before it', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    const page = await new QueryClient().fetchQuery(logsPageQuery(6, 20));

    expect(page.rows.map((row) => row._id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `log-${120 + index}`),
    );
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('has the dashboard prefetch and spinner wait for the first page of 50, which the view then reads from the cache', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server);
    const client = new QueryClient();
    await client.prefetchQuery(collections.logs);

    expect(collections.logs.queryKey).toEqual(logsPageQuery(0, LOGS_PAGE_SIZE).queryKey);
    expect(LOGS_PAGE_SIZE).toBe(50);
    expect(server.mock.calls.map(([path]) => path)).toContain(
      urlOf(LOGS_API.list, undefined, { limit: 50, offset: 0 }),
    );
    expect(client.getQueryData(logsPageQuery(0, 50).queryKey)?.rows).toHaveLength(50);
  });
});
