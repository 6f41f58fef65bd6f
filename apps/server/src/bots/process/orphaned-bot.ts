// A bot whose host was killed (SIGKILL, the OOM killer) cannot trade: its hub, the host's, went
// with it. pm2's daemon outlives the host and would restart the bot for ever, each start failing
// to reach the hub, until the host's next start cleared that daemon (ADR 0010). So a bot that
// cannot reach its hub and finds its host's process gone stops the daemon that runs it, which
// stops the host's other bots with it; the accounts are another host's once their leases run out.
import { readFileSync } from 'node:fs';
import type { Logger } from '../../lib/logger';
import { processRuns } from '../../lib/process-runs';

/**
 * Whether the process is pm2's daemon, by the title it gives itself ("PM2 vX: God Daemon (home)"):
 * a bot started any other way (a test, by hand) never signals its parent. Linux's /proc; elsewhere
 * the bot just exits, as before.
 */
function isPm2Daemon(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('God Daemon');
  } catch {
    return false;
  }
}

/** Stops the pm2 daemon running this bot when the bot's host has died; true when it did. */
export function stopDaemonIfOrphaned(hostPid: number | undefined, logger: Pick<Logger, 'error'>): boolean {
  if (hostPid === undefined || processRuns(hostPid)) return false;
  const daemonPid = process.ppid;
  if (!isPm2Daemon(daemonPid)) return false;
  logger.error({ hostPid, daemonPid }, 'bot host gone: stopping its pm2 daemon and its bots');
  process.kill(daemonPid, 'SIGTERM');
  return true;
}
