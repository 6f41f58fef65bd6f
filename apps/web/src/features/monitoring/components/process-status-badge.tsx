// A process's status as a coloured badge: green Online, amber Online (N restarts), red Offline.
import type { ProcessStatus } from '../process-display';

export function ProcessStatusBadge({ status }: { status: ProcessStatus }) {
  return <span className={`status-pill process-status--${status.tone}`}>{status.label}</span>;
}
