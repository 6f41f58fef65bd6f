// What the Stato column says of an investment's bot (isRunning: 0 stopped, 1 running, 2 error,
// 3 deletion requested). The key is the cell's value: the table colours 'active' green and
// 'error' red (product-spec.md section 4, Table); the label is what the user reads.
import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
  type Investment,
} from '@platform/contracts';

export type BotStateKey = 'active' | 'stopped' | 'error' | 'deleting';

export interface BotState {
  key: BotStateKey;
  label: string;
  /** Why the bot stopped, for an error; null when there is nothing to explain. */
  reason: string | null;
}

const LABELS: Record<BotStateKey, string> = {
  active: 'Attivo',
  stopped: 'Fermo',
  error: 'Errore',
  deleting: 'Eliminazione richiesta',
};

function stateKey(isRunning: number): BotStateKey {
  switch (isRunning) {
    case INVESTMENT_RUNNING:
      return 'active';
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
  const key = stateKey(isRunning);
  const reason = key === 'error' ? statusMessage?.trim() || null : null;
  return { key, label: LABELS[key], reason };
}
