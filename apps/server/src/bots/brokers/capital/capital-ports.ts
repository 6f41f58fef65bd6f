// The outside things the Capital.com adapter is handed rather than reaching for (its timers are
// the bots' own, timers.ts): a pino-shaped logger, and what a log line may say of an error.
import type { Logger } from '../../../lib/logger';

export const silentLogger: Pick<Logger, 'info' | 'warn'> = { info: () => undefined, warn: () => undefined };

/** What a log line may say about an error: its message only, as causes could hold request details. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Until every caller imports them from timers.ts.
export { type Timers, realTimers, sleep } from '../../timers';
