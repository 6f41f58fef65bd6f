// How the monitoring view shows a process (product-spec.md sections 2, 4 and 9): its status label
// and colour, its uptime as elapsed time, its name as account id plus username, a log line.
import type { Investment, ProcessInfo, ProcessLog } from '@platform/contracts';

export type ProcessTone = 'online' | 'restarted' | 'offline';

export interface ProcessStatus {
  label: string;
  /** Green, amber or red. */
  tone: ProcessTone;
}

/** Online with 0 restarts, online with restarts, or anything else (a missing process included). */
export function processStatus(process: ProcessInfo | undefined): ProcessStatus {
  if (process?.pm2_env.status !== 'online') return { label: 'Offline', tone: 'offline' };
  const restarts = process.pm2_env.restart_time;
  if (restarts === 0) return { label: 'Online', tone: 'online' };
  return { label: `Online (${restarts} restarts)`, tone: 'restarted' };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Elapsed time in whole seconds, minutes, hours or days: 45s, 12min, 3h, 2 days. */
export function formatElapsed(ms: number): string {
  const elapsed = Math.max(0, ms);
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}s`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}

/** How long a running process has been up at `now`; '-' when it is not running. */
export function processUptime(process: ProcessInfo | undefined, now: number): string {
  if (process?.pm2_env.status !== 'online' || process.pm2_env.pm_uptime <= 0) return '-';
  return formatElapsed(now - process.pm2_env.pm_uptime);
}

/** A bot's name is its investment's id: shown as that investment's account id and username. */
export function processDisplayName(processName: string, investments: readonly Investment[]): string {
  const investment = investments.find((candidate) => candidate._id === processName);
  return investment ? `${investment.account.accountId} ${investment.account.username}` : processName;
}

/** A line of the Real-time Logs dialog: 'name TYPE: message'. */
export const formatLogLine = ({ processName, type, message }: ProcessLog) =>
  `${processName} ${type.toUpperCase()}: ${message}`;
