// The Start or Stop button of an investment's bot, beside edit and delete: Stop while it runs
// (paused included), Start when it is stopped or failed. An icon only, so it names the row.
import { Play, Square } from 'lucide-react';
import '../../../components/components.css';
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
      className={`icon-button row-actions__button bot-switch bot-switch--${action}`}
      onClick={onClick}
      aria-label={`${LABELS[action]} ${subject}`}
      title={LABELS[action]}
    >
      {action === 'stop' ? <Square size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
    </button>
  );
}
