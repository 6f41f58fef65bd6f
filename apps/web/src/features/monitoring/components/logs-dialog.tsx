// The Real-time Logs dialog of one process: its latest lines, 'name TYPE: message', in a 400px
// scroll area that follows new lines unless the reader has scrolled up to read older ones. Above
// them, why the bot waits or failed, when it does.
import { useEffect, useId, useRef } from 'react';
import { Dialog, DialogCloseActions } from '../../../components/dialog';
import { useProcessLogs } from '../../../lib/socket';
import { formatLogLine } from '../process-display';

/** How close to the bottom counts as following the stream. */
const FOLLOW_THRESHOLD_PX = 40;

interface LogsDialogProps {
  process: { processName: string; displayName: string; reason?: string | null } | null;
  onClose: () => void;
}

export function LogsDialog({ process, onClose }: LogsDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={process !== null}
      onCancel={onClose}
      onBackdropClick={onClose}
      labelledBy={titleId}
      className="dialog--wide"
    >
      {process && (
        <>
          <h2 id={titleId} className="dialog__title">
            Real-time Logs
          </h2>
          <p className="logs-dialog__subject">{process.displayName}</p>
          {process.reason && <p className="logs-dialog__reason">{process.reason}</p>}
          <LogLines processName={process.processName} />
          <DialogCloseActions onClose={onClose} />
        </>
      )}
    </Dialog>
  );
}

function LogLines({ processName }: { processName: string }) {
  const lines = useProcessLogs(processName);
  const scrollRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const area = scrollRef.current;
    if (area && following.current) area.scrollTop = area.scrollHeight;
  }, [lines]);

  return (
    <div
      ref={scrollRef}
      className="logs-dialog__lines"
      role="log"
      aria-label={`Log di ${processName}`}
      // Focusable so the keyboard can scroll it.
      tabIndex={0}
      onScroll={(event) => {
        const area = event.currentTarget;
        following.current = area.scrollHeight - area.scrollTop - area.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
    >
      {lines.length === 0 ? (
        <p className="logs-dialog__empty">In attesa di log…</p>
      ) : (
        lines.map((line, index) => (
          // Lines have no identity of their own; a position's text simply changes once the buffer is full.
          <div key={index} className={`logs-dialog__line logs-dialog__line--${line.type}`}>
            {formatLogLine(line)}
          </div>
        ))
      )}
    </div>
  );
}
