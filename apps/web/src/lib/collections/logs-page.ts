// The logs come a page at a time (issue 14 point 7): the audit trail grows with every login, so
// the view asks the server for the page it shows and for the list's length, which the counter
// ('from-to di total') and the page strip's last page need. A page is reached by offset, in one
// call, so a click on the last page of the strip costs no walk through the pages before it.
import { LOGS_API, type LogEntry } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';

/** The view's rows per page at first (product-spec.md section 9), so also the page prefetched. */
export const LOGS_PAGE_SIZE = 50;

export interface LogsPage {
  rows: LogEntry[];
  /** Rows of the whole list. */
  total: number;
}

/** Page pageIndex (from 0) of pageSize rows, newest first, with the list's length. */
export const logsPageQuery = (pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: ['collection', 'logs', { pageIndex, pageSize }] as const,
    queryFn: async (): Promise<LogsPage> => {
      const [rows, { total }] = await Promise.all([
        callApi(LOGS_API.list, { query: { limit: pageSize, offset: pageIndex * pageSize } }),
        callApi(LOGS_API.count),
      ]);
      return { rows, total };
    },
  });
