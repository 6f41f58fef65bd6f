// The outside things the Capital.com adapter is handed rather than reaching for: time and its
// timers (so keep-alive, confirmation polling and stream back-off can be driven by a test) and
// a pino-shaped logger.

export interface Timers {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  // Unreferenced: a pending keep-alive or reconnect must not keep a finished process alive.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function sleep(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => {
    timers.setTimeout(resolve, ms);
  });
}

export interface CapitalLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export const silentLogger: CapitalLogger = { info: () => undefined, warn: () => undefined };

/** What a log line may say about an error: its message only, as causes could hold request details. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
