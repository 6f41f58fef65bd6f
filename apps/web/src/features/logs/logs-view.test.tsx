// The Logs view on a page the server paged: it renders the page in the cache for its first page
// and reads the counter and page strip from the server's total, not from the rows it holds.
// (No DOM in the unit tier: the markup is rendered to a string.)
import type { LogEntry } from '@platform/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOGS_PAGE_SIZE, logsPageQuery } from '../../lib/collections/logs-page';
import { LogsView } from './logs-view';

const entry = (index: number): LogEntry => ({
  _id: `log-${index}`,
  action: `ACTION_${index}`,
  description: 'Accesso non riuscito',
  timestamp: '2025-01-01T10:00:00.000Z',
  user: null,
  ipAddress: null,
  userAgent: null,
  metadata: null,
});

function renderWithFirstPage(rows: LogEntry[], total: number): string {
  const client = new QueryClient();
  client.setQueryData(logsPageQuery(0, LOGS_PAGE_SIZE).queryKey, { rows, total });
  return renderToString(
    <QueryClientProvider client={client}>
      <LogsView />
    </QueryClientProvider>,
  );
}

/** The page strip's buttons, by their text. */
const pageButtons = (html: string) =>
  [...html.matchAll(/<button[^>]*class="data-table__page"[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe('LogsView', () => {
  it('counts and pages by the server total: 1-50 di 130 over three pages', () => {
    const html = renderWithFirstPage(
      Array.from({ length: 50 }, (_, index) => entry(index)),
      130,
    );
    expect(html).toContain('1-50 di 130');
    expect(pageButtons(html)).toEqual(['‹', '1', '2', '3', '›']);
    expect(html).toMatch(/<option value="50" selected="">50<\/option>/);
  });

  it('shows first and last of many pages, with an ellipsis between', () => {
    const html = renderWithFirstPage(
      Array.from({ length: 50 }, (_, index) => entry(index)),
      5_000,
    );
    expect(html).toContain('1-50 di 5000');
    expect(pageButtons(html)).toEqual(['‹', '1', '2', '100', '›']);
  });

  it('shows the rows of the page it was given', () => {
    const html = renderWithFirstPage([entry(1), entry(2)], 2);
    expect(html).toContain('1-2 di 2');
    expect(html).toContain('ACTION_1');
    expect(html).toContain('ACTION_2');
    expect(html).toContain('Unknown User');
  });
});
