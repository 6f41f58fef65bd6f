import { readFileSync } from 'node:fs';

/**
 * Whether a process of that pid runs: it exists (EPERM: another user's) and is not a zombie, dead
 * but not yet reaped by its parent (state Z in /proc/PID/stat, after the command's parenthesis).
 * Where there is no /proc, existing is running. No pid (0, NaN: an empty pid file) runs.
 */
export function processRuns(pid: number): boolean {
  // kill(0) and negative pids signal process groups: never asked here.
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const end = stat.lastIndexOf(')');
    return stat.slice(end + 2, end + 3) !== 'Z';
  } catch {
    return true;
  }
}
