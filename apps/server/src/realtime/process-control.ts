// What the monitoring gateway needs of the processes it shows and steers (DESIGN.md section 7:
// the Daemon): the list in pm2's shape, the commands, and their log lines as they come. The bot
// supervisor implements it; the gateway's tests use a fake.
import type { ProcessInfo, ProcessLog } from '@platform/contracts';

export type ProcessAction = 'stop' | 'restart' | 'reset';

/** The named process does not exist (neither a bot nor a core service). */
export class UnknownProcessError extends Error {}

export interface ProcessControl {
  /** Every process: the two core services (Monitoring, Daemon) and a bot per running or supervised investment. */
  list(): ProcessInfo[];
  /**
   * stop: the bot stops (its investment goes to state 0) after finishing the order under way;
   * restart: it starts again (state 1); reset: its restart count goes back to 0. On a core
   * service, restart and stop restart its work and reset clears its counters. Throws
   * UnknownProcessError for a name it does not know.
   */
  command(action: ProcessAction, processName: string): Promise<void>;
  /** Every log line of every process, as it comes; the returned function stops listening. */
  onLog(listener: (log: ProcessLog) => void): () => void;
}
