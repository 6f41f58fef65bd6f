// Capital.com's request limits (spec/capital-api.md section 11) as the fake applies them. They are
// about how fast requests really come, so they read a real-time clock, never the business clock a
// test moves by hand.

/**
 * At most `limit` requests in any sliding window of `windowMs`. Only the requests let through
 * count: a client refused while over the limit gets its budget back as its earlier requests age
 * out, not later. Capital.com does not document how it counts; this is the lenient reading.
 */
export class SlidingWindow {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #clock: () => number;
  readonly #admitted: number[] = [];

  constructor(limit: number, windowMs: number, clock: () => number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  /** Whether one more request fits now; one that fits is counted. */
  admit(): boolean {
    if (this.#limit === Number.POSITIVE_INFINITY) return true;
    const now = this.#clock();
    while (this.#admitted.length > 0 && (this.#admitted[0] ?? now) <= now - this.#windowMs) {
      this.#admitted.shift();
    }
    if (this.#admitted.length >= this.#limit) return false;
    this.#admitted.push(now);
    return true;
  }
}

/**
 * POST /session: one per interval per API key. Unlike the window above, every attempt, refused or
 * not, restarts the interval, so a client that keeps retrying stays locked out: the strict reading,
 * since Capital.com does not say.
 */
export class LoginPacer {
  readonly #intervalMs: number;
  readonly #clock: () => number;
  readonly #lastAttemptAt = new Map<string, number>();

  constructor(intervalMs: number, clock: () => number) {
    this.#intervalMs = intervalMs;
    this.#clock = clock;
  }

  admit(apiKey: string): boolean {
    const now = this.#clock();
    const last = this.#lastAttemptAt.get(apiKey);
    this.#lastAttemptAt.set(apiKey, now);
    return last === undefined || now - last >= this.#intervalMs;
  }
}
