// The API role's periodic work: the anonymous audit rows' cleanup (hourly), the bots paused past
// their market's calendar (AlertsService.checkPauses) and the live results straying from their
// backtest (checkDrift); on PGlite, which has no autovacuum, the planner's statistics refreshed
// hourly (without them a table the bots filled since the start is read as if it were empty: a
// statement's export sorted every remaining row of its owner for each page). Each is safe to run
// twice (a delete, alerts recorded once), but on PostgreSQL with several API processes one of them
// at a time does each, by a duty lease of twice its period (singleton_leases): the others skip
// it, and take it over when its holder is gone.
import { DRIFT_CHECK_MS, MARKET_PAUSE_CHECK_MS } from '@platform/contracts';
import type { Logger } from '../lib/logger';
import type { Services } from '../services';

/** Takes or keeps a duty for the lease time; false while another process has it. */
export type Duty = (name: string, leaseMs: number) => Promise<boolean>;

const AUDIT_PRUNE_MS = 60 * 60_000;
const STATISTICS_MS = 60 * 60_000;

export function startPeriodicChecks(
  services: Pick<Services, 'logs' | 'alerts'>,
  logger: Pick<Logger, 'error'>,
  duty: Duty | null,
  /** PGlite: refreshes the planner's statistics (ANALYZE), which PostgreSQL's autovacuum does itself. */
  analyze: (() => Promise<unknown>) | null = null,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  const every = (name: string, periodMs: number, work: () => Promise<unknown>, atOnce = false) => {
    const run = async () => {
      try {
        if (duty && !(await duty(name, periodMs * 2))) return;
        await work();
      } catch (error) {
        logger.error({ err: error, check: name }, 'periodic check failed');
      }
    };
    timers.push(setInterval(() => void run(), periodMs));
    if (atOnce) void run();
  };
  // Anonymous audit rows (failed logins of unknown users) expire after AUDIT_ANON_DAYS; the sweep
  // keeps the table from growing under a flood.
  every('audit-prune', AUDIT_PRUNE_MS, () => services.logs.pruneAnonymous(), true);
  every('market-pauses', MARKET_PAUSE_CHECK_MS, () => services.alerts.checkPauses());
  every('backtest-drift', DRIFT_CHECK_MS, () => services.alerts.checkDrift());
  if (analyze) every('statistics', STATISTICS_MS, analyze, true);
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
