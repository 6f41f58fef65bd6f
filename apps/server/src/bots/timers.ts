// Time and its timers behind an interface, so that what waits (a bot settling an order's outcome,
// a market's reopening, Capital.com's keep-alive and confirmation polling) can be driven by a test.

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
