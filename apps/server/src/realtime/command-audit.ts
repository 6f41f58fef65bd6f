// The audit rows of monitoring commands (DESIGN.md section 4: every mutation is audited): those
// carried out, and those that were not (a malformed payload, an unknown process, a session that
// ended, a supervisor that failed), so the trail shows every attempt to steer a process.
import type { ProcessAction } from './process-control';

export interface CommandAuditRow {
  action: string;
  description: string;
  metadata: Record<string, unknown>;
}

const DONE: Record<ProcessAction, { action: string; description: (name: string) => string }> = {
  stop: { action: 'PROCESS_STOP', description: (name) => `Processo fermato dal monitoraggio: ${name}` },
  restart: {
    action: 'PROCESS_RESTART',
    description: (name) => `Processo riavviato dal monitoraggio: ${name}`,
  },
  reset: {
    action: 'PROCESS_RESET',
    description: (name) => `Contatore dei riavvii azzerato dal monitoraggio: ${name}`,
  },
};

/** Longest command or process name copied from a payload: anyone's bytes end up in the row. */
const MAX_NAME_LENGTH = 100;

export function commandDone(action: ProcessAction, processName: string): CommandAuditRow {
  return {
    action: DONE[action].action,
    description: DONE[action].description(processName),
    metadata: { processName },
  };
}

/** A command not carried out; `failure` is the message the admin was sent. */
export function commandFailed(payload: unknown, failure: string): CommandAuditRow {
  return {
    action: 'PROCESS_COMMAND_FAILED',
    description: `Comando del monitoraggio non eseguito: ${failure}`,
    metadata: { ...namedIn(payload), failure },
  };
}

/** The command and process a payload names, as far as it names them with strings. */
function namedIn(payload: unknown): { command?: string; processName?: string } {
  if (typeof payload !== 'object' || payload === null) return {};
  const { command, processName } = payload as Record<string, unknown>;
  return {
    ...(typeof command === 'string' ? { command: command.slice(0, MAX_NAME_LENGTH) } : {}),
    ...(typeof processName === 'string' ? { processName: processName.slice(0, MAX_NAME_LENGTH) } : {}),
  };
}
