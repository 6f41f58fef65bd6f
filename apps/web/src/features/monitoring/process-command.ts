// A command waiting for its confirmation (product-spec.md section 5: every process command asks
// first), and what the dialog asks.
import type { ProcessCommand } from '@platform/contracts';

export type ProcessAction = Exclude<ProcessCommand['command'], 'ls'>;

export interface PendingCommand {
  action: ProcessAction;
  processName: string;
  /** The process as the user knows it: account id and username for a bot. */
  displayName: string;
}

export const confirmCommandMessage = ({ action, displayName }: PendingCommand) =>
  `Sei sicuro di voler inviare il comando ${action.toUpperCase()} a ${displayName}?`;
