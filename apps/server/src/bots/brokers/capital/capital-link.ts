// One Capital.com account as its bots reach it (DESIGN.md section 7: one session and one request
// budget per account): a logged-in session (capital-session.ts), the account's request budget
// (capital-budget.ts) that every call waits its turn in, and one quote stream carrying the epics
// its bots trade. The server keeps one link per account (capital-links.ts) and bot processes reach
// it through the hub; a test or the platform's own price feed may hold one directly.
import type { Quote } from '../broker';
import type { Timers } from '../../timers';
import { RequestBudget, type RequestBudgetOptions } from './capital-budget';
import type { CapitalCall, CapitalMethod } from './capital-http';
import { type CapitalCredentials, CapitalSession } from './capital-session';
import { CapitalQuoteStream, DEFAULT_STREAM_TIMING, type StreamTiming } from './capital-stream';
import type { Logger } from '../../../lib/logger';

/** What the adapter needs of an account: its calls, and the quotes of an epic. */
export interface CapitalLink {
  /**
   * A call with the account's session, in its budget. Throws CapitalApiError when Capital.com
   * refused it, BrokerError('unavailable') when nobody knows what happened.
   */
  request(method: CapitalMethod, path: string, extra?: Pick<CapitalCall, 'query' | 'body'>): Promise<unknown>;
  /** The epic's quotes, where the link streams them (in the server); the returned function stops them. */
  quotes?(epic: string, listener: (quote: Quote) => void): () => void;
}

export interface CapitalAccountLinkOptions {
  /** REST base, without /api/v1: CAPITAL_API_URL or CAPITAL_DEMO_API_URL. */
  apiUrl: string;
  /** The quote stream's URL, with its /connect path: CAPITAL_STREAM_URL. */
  streamUrl: string;
  credentials: CapitalCredentials;
  logger: Pick<Logger, 'info' | 'warn'>;
  timers: Timers;
  /** Per REST call; past it the outcome is unknown. Default 10 s. */
  requestTimeoutMs?: number;
  /** Silence after which the session pings. Default 5 minutes (it lapses after 10). */
  keepAliveMs?: number;
  /** Spacing of logins; Capital.com allows one per second per API key. */
  minLoginIntervalMs?: number;
  budget?: Partial<RequestBudgetOptions>;
  stream?: Partial<StreamTiming>;
}

export class CapitalAccountLink implements CapitalLink {
  readonly #session: CapitalSession;
  readonly #stream: CapitalQuoteStream;
  /** The account's request budget: every call of its bots waits its turn here. */
  readonly budget: RequestBudget;

  constructor(options: CapitalAccountLinkOptions) {
    this.#session = new CapitalSession({
      apiUrl: options.apiUrl,
      credentials: options.credentials,
      timers: options.timers,
      logger: options.logger,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      keepAliveMs: options.keepAliveMs ?? 5 * 60_000,
      minLoginIntervalMs: options.minLoginIntervalMs ?? 1_000,
    });
    this.budget = new RequestBudget(options.budget);
    this.#stream = new CapitalQuoteStream({
      url: options.streamUrl,
      auth: this.#session,
      timers: options.timers,
      logger: options.logger,
      timing: { ...DEFAULT_STREAM_TIMING, ...options.stream },
    });
  }

  request(
    method: CapitalMethod,
    path: string,
    extra: Pick<CapitalCall, 'query' | 'body'> = {},
  ): Promise<unknown> {
    return this.budget.run(() => this.#session.request(method, path, extra));
  }

  quotes(epic: string, listener: (quote: Quote) => void): () => void {
    return this.#stream.subscribe(epic, listener);
  }

  /** Logs out (best effort) and drops the stream. */
  async close(): Promise<void> {
    this.#stream.close();
    await this.#session.end();
  }
}
