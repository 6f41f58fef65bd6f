// How the monitoring view shows a process (product-spec.md sections 2, 4 and 9): its status label
// and colour, why a bot waits or failed, its number ('-' without a process), its uptime as elapsed
// time, its name as account id plus username, a log line.
import { NO_PM_ID, type Investment, type ProcessInfo, type ProcessLog } from '@platform/contracts';

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

/** Why a bot waits (running, its market closed...) or failed, as its investment says; null otherwise. */
export const processReason = (process: ProcessInfo): string | null =>
  process.pm2_env.statusMessage?.trim() || null;

/**
 * pm2's number, with its bot host's name where several hosts each number from 0 ('3 · host-b');
 * '-' for a bot pm2 holds no process of (stopped or failed).
 */
export function processIdLabel({ pm_id, pm2_env }: ProcessInfo): string {
  if (pm_id === NO_PM_ID) return '-';
  return pm2_env.host ? `${pm_id} · ${pm2_env.host}` : String(pm_id);
}

/** pm2's order (each host's numbers, host by host), then the bots without a process, which have none. */
export function compareProcesses(a: ProcessInfo, b: ProcessInfo): number {
  const held = (process: ProcessInfo) => (process.pm_id === NO_PM_ID ? 1 : 0);
  const host = (process: ProcessInfo) => process.pm2_env.host ?? '';
  return held(a) - held(b) || host(a).localeCompare(host(b)) || a.pm_id - b.pm_id;
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
