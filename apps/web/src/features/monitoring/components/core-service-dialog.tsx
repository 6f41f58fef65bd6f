// A core service's details: Status, Process ID, Version, Uptime, Restarts, Watch Mode, and its
// Stop Service / Restart Service / Reset Service buttons (Daemon: stop every bot, start them
// again, clear the count; Monitoring: stop the log stream, stream again, clear the count). A
// service missing from the list shows as Offline, with nothing to send a command to.
import type { CoreServiceName, ProcessInfo } from '@platform/contracts';
import { useId } from 'react';
import { Dialog, DialogCloseActions } from '../../../components/dialog';
import type { ProcessAction } from '../process-command';
import { processStatus, processUptime } from '../process-display';
import { ProcessStatusBadge } from './process-status-badge';
import { watchLabel } from './process-columns';

interface CoreServiceDialogProps {
  /** The service shown; null: closed. */
  name: CoreServiceName | null;
  process: ProcessInfo | undefined;
  /** When the list was received, for the uptime. */
  now: number;
  onAction: (action: ProcessAction) => void;
  onClose: () => void;
}

// The spec's 'Stop / Restart / Reset Service', each word with Service as the issue names them.
const BUTTONS: readonly { action: ProcessAction; label: string }[] = [
  { action: 'stop', label: 'Stop Service' },
  { action: 'restart', label: 'Restart Service' },
  { action: 'reset', label: 'Reset Service' },
];

export function CoreServiceDialog({ name, process, now, onAction, onClose }: CoreServiceDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={name !== null} onCancel={onClose} onBackdropClick={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="dialog__title">
        {name}
      </h2>
      <dl className="core-service-details">
        <dt>Status</dt>
        <dd>
          <ProcessStatusBadge status={processStatus(process)} />
        </dd>
        <dt>Process ID</dt>
        <dd>{process?.pm_id ?? '-'}</dd>
        <dt>Version</dt>
        <dd>{process?.pm2_env.version ?? '-'}</dd>
        <dt>Uptime</dt>
        <dd>{processUptime(process, now)}</dd>
        <dt>Restarts</dt>
        <dd>{process?.pm2_env.restart_time ?? '-'}</dd>
        <dt>Watch Mode</dt>
        <dd>{process ? watchLabel(process.pm2_env.watch) : '-'}</dd>
      </dl>
      <div className="core-service-actions">
        {BUTTONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={`button button--ghost core-service-actions__${action}`}
            disabled={!process}
            onClick={() => onAction(action)}
          >
            {label}
          </button>
        ))}
      </div>
      <DialogCloseActions onClose={onClose} />
    </Dialog>
  );
}
