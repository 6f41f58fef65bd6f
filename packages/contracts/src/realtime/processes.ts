// The monitoring socket (product-spec.md sections 'Client Processes', 'Monitoring socket' and
// 'Realtime socket (admin)'; DESIGN.md section 7): Socket.IO on the API's own HTTP server, admins
// only. The client emits pm2Command; the server answers pm2Response with the process list and
// streams pm2Logs; a refused or malformed command gets pm2Error with a message.
import * as z from 'zod';

export const REALTIME_PATH = '/socket.io';

export const REALTIME_EVENTS = {
  command: 'pm2Command',
  response: 'pm2Response',
  logs: 'pm2Logs',
  error: 'pm2Error',
} as const;

/** The two core services shown as icons in the view's header; every other process is a bot. */
export const CORE_SERVICES = { monitoring: 'Monitoring', daemon: 'Daemon' } as const;
export type CoreServiceName = (typeof CORE_SERVICES)[keyof typeof CORE_SERVICES];

/** The pm_id of a bot that has no process (stopped or failed): shown as '-'. */
export const NO_PM_ID = -1;

/** A process in pm2's own shape (product-spec.md section 3, Process). A bot's name is its investment's id. */
export const processSchema = z.object({
  /**
   * pm2's number of the process; NO_PM_ID for a bot pm2 holds no process of (its investment is
   * stopped or failed): an old number would name a process that is gone, and pm2 numbers anew
   * after a restart, so it could even be another bot's.
   */
  pm_id: z.number().int(),
  name: z.string(),
  pm2_env: z.object({
    status: z.string(),
    restart_time: z.number().int(),
    version: z.string(),
    /** When it (re)started, ms since the epoch; 0 when it is not running. */
    pm_uptime: z.number(),
    watch: z.boolean(),
    /**
     * Not pm2's: why a bot waits or failed (its investment's statusMessage, states 1 and 2), so
     * the view can say it; absent or null when there is nothing to say.
     */
    statusMessage: z.string().nullable().optional(),
    /**
     * Not pm2's: on PostgreSQL, the bot host whose pm2 runs the bot (BOT_HOST_NAME), since each
     * host's pm2 numbers its processes from 0; absent when one process runs every bot.
     */
    host: z.string().optional(),
  }),
});
export type ProcessInfo = z.infer<typeof processSchema>;

export const processCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('ls') }),
  z.object({ command: z.enum(['stop', 'restart', 'reset']), processName: z.string().min(1).max(200) }),
]);
export type ProcessCommand = z.infer<typeof processCommandSchema>;

export const processLogSchema = z.object({
  processName: z.string(),
  /** out or err, as pm2 tells a process's standard output from its errors. */
  type: z.enum(['out', 'err']),
  message: z.string(),
});
export type ProcessLog = z.infer<typeof processLogSchema>;

export const PROCESS_MESSAGES = {
  adminsOnly: 'Monitoraggio riservato agli amministratori.',
  sessionExpired: 'Sessione scaduta: effettua di nuovo il login.',
  badCommand: 'Comando non valido.',
  unknownProcess: (name: string) => `Processo sconosciuto: ${name}`,
  /** A known process whose command did not go through (the supervisor failed); the server logs why. */
  commandFailed: (command: string, name: string) =>
    `Comando ${command.toUpperCase()} non riuscito per ${name}.`,
  /** The server failed (the database, say) and logged why; the client may try again. */
  unavailable: 'Monitoraggio non disponibile al momento, riprova.',
  /** A bot restarted while the Daemon is stopped: it would not run until the Daemon restarts. */
  daemonStopped: 'Il Daemon è fermo: riavvialo (Restart Service) per avviare i bot.',
  /** The toast of product-spec.md section 8, command in capitals. */
  sending: (command: string, name: string) => `Invio comando ${command.toUpperCase()} per ${name}...`,
} as const;

/** pm2Error's payload: what the admin is told about a refused connection or a failed command. */
export interface ProcessError {
  message: string;
}

/** What the server emits, for Socket.IO's typed sockets on both ends. */
export interface RealtimeServerEvents {
  [REALTIME_EVENTS.response]: (processes: ProcessInfo[]) => void;
  [REALTIME_EVENTS.logs]: (log: ProcessLog) => void;
  [REALTIME_EVENTS.error]: (error: ProcessError) => void;
}

/** What the client emits; the server parses it with processCommandSchema, as it trusts no client. */
export interface RealtimeClientEvents {
  [REALTIME_EVENTS.command]: (command: ProcessCommand) => void;
}
