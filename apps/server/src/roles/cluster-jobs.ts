// A job queued in one process wakes the runners of the others (issue 34): the API that queues a
// backtest, an analysis or an alert delivery says so on the jobs_queued channel, and every runner
// process that hears it looks for work at once instead of at its next poll (2 s). A runner that
// missed it still finds the job at that poll.
import type { Notifications } from '@platform/db';
import type { Logger } from '../lib/logger';

export const JOBS_QUEUED_CHANNEL = 'jobs_queued';

export function tellRunners(notifications: Notifications, logger: Pick<Logger, 'warn'>): () => void {
  return () =>
    void notifications.notify(JOBS_QUEUED_CHANNEL, '').catch((error: unknown) => {
      logger.warn(
        { error: String(error) },
        'runners not told of a queued job: they find it at their next poll',
      );
    });
}

export function wakeOnQueuedJobs(
  notifications: Notifications,
  wake: () => void,
): Promise<() => Promise<void>> {
  return notifications.listen(JOBS_QUEUED_CHANNEL, wake);
}
