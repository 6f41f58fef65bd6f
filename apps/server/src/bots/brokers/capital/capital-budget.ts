// Capital.com allows 10 requests per second per user (spec/capital-api.md section 11), counted
// over every call of every session of the account. The bots of one account therefore share one
// budget, kept below the allowance, as a queue: by default 8 starts in any 1.25 s, so that even
// two bursts a window apart, one of them delayed on the way, arrive under Capital.com's 10 in
// any second (with 8 a second, a burst delayed by a few milliseconds met 11 in a second). A request
// waits for its turn instead of each caller sleeping and retrying on its own. A 429 all the same
// (another client of the same user, clocks that disagree) holds the whole queue back for a pause
// that doubles while 429s repeat, and the refused request goes first again: a 429 means it was not
// carried out, so asking again cannot double an order. A request refused too often fails as
// 'unavailable' (its outcome is then settled like any unknown one). The pacing is about real
// requests on the wire, so it keeps real time even where a test drives the bots' clock.
import { BrokerError } from '../broker';
import { realTimers, type Timers } from '../../timers';
import { CapitalApiError } from './capital-http';

export interface RequestBudgetOptions {
  /** Requests started in any window of windowMs. */
  perWindow: number;
  windowMs: number;
  /** The first pause after a 429; it doubles up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** 429s one request may meet before it fails. */
  maxRefusals: number;
  timers: Timers;
}

export const CAPITAL_BUDGET: RequestBudgetOptions = {
  perWindow: 8,
  windowMs: 1_250,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  maxRefusals: 6,
  timers: realTimers,
};

interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  refusals: number;
}

export class RequestBudget {
  readonly #options: RequestBudgetOptions;
  readonly #queue: Waiting[] = [];
  /** When the requests of the current window started. */
  #starts: number[] = [];
  #heldUntil = 0;
  #backoffMs: number;
  #timer: unknown = null;
  /** 429s answered to this budget's requests, for the log and the tests. */
  refusals = 0;

  constructor(options: Partial<RequestBudgetOptions> = {}) {
    this.#options = { ...CAPITAL_BUDGET, ...options };
    this.#backoffMs = this.#options.backoffMs;
  }

  /** Runs the request when the budget allows it. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ task, resolve: resolve as (value: unknown) => void, reject, refusals: 0 });
      this.#pump();
    });
  }

  #pump(): void {
    const { timers, windowMs, perWindow } = this.#options;
    while (this.#queue.length > 0) {
      const now = timers.now();
      this.#starts = this.#starts.filter((start) => start > now - windowMs);
      const wait = Math.max(
        this.#heldUntil - now,
        this.#starts.length < perWindow ? 0 : (this.#starts[0] as number) + windowMs - now,
      );
      if (wait > 0) {
        if (this.#timer === null)
          this.#timer = timers.setTimeout(() => {
            this.#timer = null;
            this.#pump();
          }, wait);
        return;
      }
      this.#starts.push(now);
      this.#start(this.#queue.shift() as Waiting);
    }
  }

  #start(waiting: Waiting): void {
    waiting.task().then(
      (value) => {
        this.#backoffMs = this.#options.backoffMs;
        waiting.resolve(value);
      },
      (error: unknown) => {
        if (!(error instanceof CapitalApiError) || error.status !== 429) return waiting.reject(error);
        this.refusals += 1;
        waiting.refusals += 1;
        if (waiting.refusals > this.#options.maxRefusals) {
          return waiting.reject(
            new BrokerError(
              `Capital.com rifiuta le richieste per troppa frequenza (${error.errorCode})`,
              'unavailable',
            ),
          );
        }
        // Everyone waits: the refusal says the account's allowance is spent, not just this request's.
        this.#heldUntil = this.#options.timers.now() + this.#backoffMs;
        this.#backoffMs = Math.min(this.#backoffMs * 2, this.#options.maxBackoffMs);
        this.#queue.unshift(waiting);
        this.#pump();
      },
    );
  }
}
