// The Start or Stop button of an investment's bot, beside edit and delete: Stop while it runs
// (paused included), Start when it is stopped or failed. An icon only, so it names the row.
import { LineIcon } from '../../../components/line-icon';
import '../../../components/row-actions.css';
import type { BotSwitch } from '../bot-state';

const LABELS: Record<BotSwitch, string> = { start: 'Avvia bot', stop: 'Ferma bot' };

interface BotSwitchButtonProps {
  action: BotSwitch;
  /** The row as a screen reader names it. */
  subject: string;
  onClick: () => void;
}

export function BotSwitchButton({ action, subject, onClick }: BotSwitchButtonProps) {
  return (
    <button
      type="button"
      className={`row-actions__button bot-switch bot-switch--${action}`}
      onClick={onClick}
      aria-label={`${LABELS[action]} ${subject}`}
      title={LABELS[action]}
    >
      <LineIcon size={18} strokeWidth={2}>
        {action === 'stop' ? (
          <rect x="6" y="6" width="12" height="12" rx="1.5" />
        ) : (
          <path d="M8 5v14l11-7z" />
        )}
      </LineIcon>
    </button>
  );
}
