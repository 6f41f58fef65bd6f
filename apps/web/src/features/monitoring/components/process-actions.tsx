// The stop, restart and reset buttons of a process. Icons only, so each names the process it acts
// on; a click does not reach the row, whose own click opens the logs.
import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/line-icon';
import type { ProcessAction } from '../process-command';

const BUTTONS: readonly { action: ProcessAction; label: string; icon: ReactNode }[] = [
  { action: 'stop', label: 'Stop', icon: <rect x="6" y="6" width="12" height="12" rx="1.5" /> },
  { action: 'restart', label: 'Restart', icon: <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" /> },
  { action: 'reset', label: 'Reset', icon: <path d="M4 12a8 8 0 1 0 2.34-5.66M4 4v5h5M12 8v4l3 2" /> },
];

interface ProcessActionsProps {
  /** The process as the row shows it, for the buttons' names. */
  subject: string;
  onAction: (action: ProcessAction) => void;
}

export function ProcessActions({ subject, onAction }: ProcessActionsProps) {
  return (
    <div className="process-actions">
      {BUTTONS.map(({ action, label, icon }) => (
        <button
          key={action}
          type="button"
          className={`process-actions__button process-actions__button--${action}`}
          aria-label={`${label} ${subject}`}
          title={label}
          onClick={(event) => {
            event.stopPropagation();
            onAction(action);
          }}
        >
          <LineIcon size={18} strokeWidth={2}>
            {icon}
          </LineIcon>
        </button>
      ))}
    </div>
  );
}
