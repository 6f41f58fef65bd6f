// What the monitoring gateway needs of the processes it shows and steers (DESIGN.md section 7:
// the Daemon): the list in pm2's shape, the commands, and their log lines as they come. The bot
// supervisor implements it; the gateway's tests use a fake.
import type { ProcessInfo, ProcessLog } from '@platform/contracts';

export type ProcessAction = 'stop' | 'restart' | 'reset';

/** The named process does not exist (neither a bot nor a core service). */
export class UnknownProcessError extends Error {}

/** A rule refuses the command (a second bot on a Capital.com account and market...); the message is the admin's. */
export class CommandRefusedError extends Error {}

export interface ProcessControl {
  /** Every process: the two core services (Monitoring, Daemon) and a bot per running or supervised investment. */
  list(): ProcessInfo[];
  /**
   * stop: the bot stops (its investment goes to state 0) after finishing the order under way;
   * restart: it starts again (state 1); reset: its restart count goes back to 0. On a core
   * service, stop ends its work (Daemon: every bot stops, their investments still running;
   * Monitoring: no more log lines), restart starts it again and counts it, reset clears the count.
   * Throws UnknownProcessError for a name it does not know, CommandRefusedError when a rule
   * refuses the command.
   */
  command(action: ProcessAction, processName: string): Promise<void>;
  /** Every log line of every process, as it comes; the returned function stops listening. */
  onLog(listener: (log: ProcessLog) => void): () => void;
  /** Whether the Monitoring service runs: stopped, the gateway streams no log lines (it still answers ls and commands). */
  streaming(): boolean;
}
