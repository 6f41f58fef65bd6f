// The Logs view (product-spec.md sections 2 and 9): the audit trail, newest first as the server
// sends it; admins see everyone's rows, others their own. 50 rows a page, virtual scrolling
// beyond 20 rows, and a details dialog per row. The server pages the list (issue 14 point 7):
// the view fetches the page it shows, and keeps showing the last one until the next arrives.
import type { LogEntry } from '@platform/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type PaginationState } from '@tanstack/react-table';
import { Info } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import '../../components/components.css';
import { DataTable } from '../../components/data-table/data-table';
import { LOGS_PAGE_SIZE, logsPageQuery } from '../../lib/collections/logs-page';
import { LogDetailsDialog } from './components/log-details-dialog';
import { formatLogTimestamp, logUserName } from './log-display';
import './logs.css';

const PAGE_SIZE_OPTIONS = [20, 50, 100, 200] as const;
const NO_LOGS: LogEntry[] = [];
const column = createColumnHelper<LogEntry>();

export function LogsView() {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: LOGS_PAGE_SIZE });
  const logs = useQuery({
    ...logsPageQuery(pagination.pageIndex, pagination.pageSize),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<LogEntry | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('action', {
        header: 'Action',
        // A line may break after each underscore of an ACTION_NAME, so that on a phone a long one
        // wraps instead of widening the table.
        cell: (info) =>
          info
            .getValue()
            .split('_')
            .map((part, index, parts) => (
              <Fragment key={index}>
                {part}
                {index < parts.length - 1 && (
                  <>
                    _<wbr />
                  </>
                )}
              </Fragment>
            )),
      }),
      // On a phone description and user go into the row's details (and the Info dialog).
      column.accessor('description', { header: 'Description', meta: { phone: 'details' } }),
      column.accessor('timestamp', {
        header: 'Timestamp',
        cell: (info) => <time dateTime={info.getValue()}>{formatLogTimestamp(info.getValue())}</time>,
      }),
      column.accessor((entry) => logUserName(entry.user), {
        id: 'user',
        header: 'User',
        meta: { phone: 'details' },
      }),
      column.display({
        id: 'info',
        header: 'Info',
        cell: (info) => (
          <button
            type="button"
            className="icon-button logs__info"
            onClick={() => setSelected(info.row.original)}
            aria-label={`Dettagli di ${info.row.original.action}`}
            title="Dettagli"
          >
            <Info size={18} aria-hidden="true" />
          </button>
        ),
      }),
    ],
    [],
  );

  return (
    <>
      <DataTable
        title="Logs"
        data={logs.data?.rows ?? NO_LOGS}
        rowCount={logs.data?.total ?? 0}
        onPaginationChange={setPagination}
        columns={columns}
        getRowId={(entry) => entry._id}
        pageSize={LOGS_PAGE_SIZE}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        virtualizeAbove={20}
      />
      <LogDetailsDialog entry={selected} onClose={() => setSelected(null)} />
    </>
  );
}
