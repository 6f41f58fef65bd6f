// The stop, restart and reset buttons of a process. Icons only, so each names the process it acts
// on; a click does not reach the row, whose own click opens the logs.
import { RotateCcwClock, RotateCw, Square, type LucideIcon } from 'lucide-react';
import '../../../components/components.css';
import type { ProcessAction } from '../process-command';

const BUTTONS: readonly { action: ProcessAction; label: string; Icon: LucideIcon }[] = [
  { action: 'stop', label: 'Stop', Icon: Square },
  { action: 'restart', label: 'Restart', Icon: RotateCw },
  { action: 'reset', label: 'Reset', Icon: RotateCcwClock },
];

interface ProcessActionsProps {
  /** The process as the row shows it, for the buttons' names. */
  subject: string;
  onAction: (action: ProcessAction) => void;
}

export function ProcessActions({ subject, onAction }: ProcessActionsProps) {
  return (
    <div className="process-actions">
      {BUTTONS.map(({ action, label, Icon }) => (
        <button
          key={action}
          type="button"
          className={`icon-button process-actions__button process-actions__button--${action}`}
          aria-label={`${label} ${subject}`}
          title={label}
          onClick={(event) => {
            event.stopPropagation();
            onAction(action);
          }}
        >
          <Icon size={18} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
