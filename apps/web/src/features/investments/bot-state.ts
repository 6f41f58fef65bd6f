// What the Stato column says of an investment's bot (isRunning: 0 stopped, 1 running, 2 error,
// 3 deletion requested), and of a running one that waits (its market closed at the broker, an
// order's outcome not known yet: isRunning 1 with the reason in statusMessage). The key is the
// cell's value: the table colours 'active' green, 'pending' amber and 'error' red
// (product-spec.md section 4, Table), so a paused bot's key is 'pending'; the label is what the
// user reads.
import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  type Investment,
} from '@platform/contracts';

/** What can be done to the bot: stop it while it runs (paused included), start it when stopped or failed. */
export type BotSwitch = 'start' | 'stop';

export type BotStateKey = 'active' | 'pending' | 'stopped' | 'error' | 'deleting';

export interface BotState {
  key: BotStateKey;
  label: string;
  /** Why the bot stopped (error) or waits (paused); null when there is nothing to explain. */
  reason: string | null;
}

const LABELS: Record<BotStateKey, string> = {
  active: 'Attivo',
  pending: 'In pausa',
  stopped: 'Fermo',
  error: 'Errore',
  deleting: 'Eliminazione richiesta',
};

function stateKey(isRunning: number, reason: string | null): BotStateKey {
  switch (isRunning) {
    case INVESTMENT_RUNNING:
      return reason ? 'pending' : 'active';
    case INVESTMENT_FAILED:
      return 'error';
    case INVESTMENT_DELETION_REQUESTED:
      return 'deleting';
    case INVESTMENT_STOPPED:
    default:
      // A value this client does not know: no bot is known to run for it.
      return 'stopped';
  }
}

export function botState({
  isRunning,
  statusMessage,
}: Pick<Investment, 'isRunning' | 'statusMessage'>): BotState {
  const message = statusMessage?.trim() || null;
  const key = stateKey(isRunning, message);
  const reason = key === 'error' || key === 'pending' ? message : null;
  return { key, label: LABELS[key], reason };
}

/** The Start or Stop the row offers; none while the deletion is under way. */
export function botSwitchFor({ isRunning }: Pick<Investment, 'isRunning'>): BotSwitch | null {
  if (isRunning === INVESTMENT_DELETION_REQUESTED) return null;
  return isRunning === INVESTMENT_RUNNING ? 'stop' : 'start';
}
