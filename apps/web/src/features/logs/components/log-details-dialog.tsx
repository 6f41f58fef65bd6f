// The details of one log entry (product-spec.md section 2, Logs): everything the row has,
// including what the table leaves out (IP address, user agent, metadata).
import type { LogEntry } from '@platform/contracts';
import { DetailsDialog } from '../../../components/details-dialog';
import { formatLogTimestamp, formatMetadata, logUserName } from '../log-display';

interface LogDetailsDialogProps {
  /** null: closed. */
  entry: LogEntry | null;
  onClose: () => void;
}

export function LogDetailsDialog({ entry, onClose }: LogDetailsDialogProps) {
  return (
    <DetailsDialog item={entry} title="Dettagli log" onClose={onClose} className="dialog--wide">
      {(shown) => <LogDetails entry={shown} />}
    </DetailsDialog>
  );
}

function LogDetails({ entry }: { entry: LogEntry }) {
  const metadata = formatMetadata(entry.metadata);
  return (
    <dl className="log-details">
      <dt>Action</dt>
      <dd>{entry.action}</dd>
      <dt>Description</dt>
      <dd>{entry.description}</dd>
      <dt>Timestamp</dt>
      <dd>
        <time dateTime={entry.timestamp}>{formatLogTimestamp(entry.timestamp)}</time>
      </dd>
      <dt>User</dt>
      <dd>{logUserName(entry.user)}</dd>
      <dt>IP Address</dt>
      <dd>{entry.ipAddress ?? '–'}</dd>
      <dt>User Agent</dt>
      <dd>{entry.userAgent ?? '–'}</dd>
      {metadata && (
        <>
          <dt>Metadata</dt>
          <dd>
            <pre className="log-details__metadata">{metadata}</pre>
          </dd>
        </>
      )}
    </dl>
  );
}
