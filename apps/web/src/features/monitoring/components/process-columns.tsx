// The columns of the Client Processes table (product-spec.md section 2): ID, Name, Version,
// Status, Restarts, Uptime, Watch, Actions. Under the Status badge, why a bot waits or failed.
import type { ProcessInfo } from '@platform/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import type { ProcessAction } from '../process-command';
import {
  processIdLabel,
  processReason,
  processStatus,
  processUptime,
  type ProcessStatus,
} from '../process-display';
import { ProcessActions } from './process-actions';
import { ProcessStatusBadge } from './process-status-badge';

/** A bot as the table shows it. */
export interface ProcessRow {
  /** pm2's number, '-' for a bot without a process. */
  id: string;
  processName: string;
  displayName: string;
  version: string;
  status: ProcessStatus;
  /** Why the bot waits or failed; null when there is nothing to say. */
  reason: string | null;
  restarts: number;
  uptime: string;
  watch: boolean;
}

export const watchLabel = (watch: boolean) => (watch ? 'On' : 'Off');

export function toProcessRow(process: ProcessInfo, displayName: string, now: number): ProcessRow {
  return {
    id: processIdLabel(process),
    processName: process.name,
    displayName,
    version: process.pm2_env.version,
    status: processStatus(process),
    reason: processReason(process),
    restarts: process.pm2_env.restart_time,
    uptime: processUptime(process, now),
    watch: process.pm2_env.watch,
  };
}

const column = createColumnHelper<ProcessRow>();

/**
 * On a phone the name, the status and the buttons stay and the rest goes into the row's details:
 * pm2's number, the version and watch mode (the same for every bot) matter little there, the
 * status badge already reads 'Online (N restarts)', and the uptime comes last.
 */
const inDetails = { phone: 'details' } as const;

export const processColumns = (onAction: (row: ProcessRow, action: ProcessAction) => void) => [
  column.accessor('id', { header: 'ID', meta: inDetails }),
  column.accessor('displayName', {
    id: 'name',
    header: 'Name',
    // A button so the keyboard reaches the logs too: its click bubbles to the row, which opens them.
    cell: ({ getValue }) => (
      <button type="button" className="process-name" aria-haspopup="dialog" title="Real-time Logs">
        {getValue()}
      </button>
    ),
  }),
  column.accessor('version', { header: 'Version', meta: inDetails }),
  // The value is the label: the table's own status colours do not know it, the badge colours it.
  column.accessor((row) => row.status.label, {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <div className="process-state">
        <ProcessStatusBadge status={row.original.status} />
        {row.original.reason && <span className="process-state__reason">{row.original.reason}</span>}
      </div>
    ),
  }),
  column.accessor('restarts', { header: 'Restarts', meta: inDetails }),
  column.accessor('uptime', { header: 'Uptime', meta: inDetails }),
  column.accessor((row) => watchLabel(row.watch), { id: 'watch', header: 'Watch', meta: inDetails }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <ProcessActions
        subject={row.original.displayName}
        onAction={(action) => onAction(row.original, action)}
      />
    ),
  }),
];
