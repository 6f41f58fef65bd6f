// A logged-in Capital.com session (spec/capital-api.md section 2). POST /api/v1/session with the
// API key header and the login answers two tokens in its headers, CST and X-SECURITY-TOKEN, that
// every later call sends. They lapse after 10 minutes without use, so a quiet session pings, and a
// call refused for a stale session logs in again once and is repeated. Capital.com allows one
// login per second per key: logins are spaced and a 429 is waited out, never hammered. A refused
// login fails once with 'credentials' and is not retried: retrying cannot fix a wrong password.
import { BrokerError } from '../broker';
import {
  type CapitalAnswer,
  type CapitalCall,
  type CapitalMethod,
  CapitalApiError,
  callCapital,
} from './capital-http';
import { sessionRefused } from './capital-problems';
import { type Timers, errorText, sleep } from './capital-ports';
import { sessionTokensSchema } from './capital-schemas';
import type { Logger } from '../../../lib/logger';

export interface CapitalCredentials {
  apiKey: string;
  identifier: string;
  password: string;
}

export interface SessionTokens {
  cst: string;
  securityToken: string;
}

export interface CapitalSessionOptions {
  apiUrl: string;
  credentials: CapitalCredentials;
  timers: Timers;
  logger: Pick<Logger, 'info' | 'warn'>;
  requestTimeoutMs: number;
  /** Silence after which the session pings; under Capital.com's 10-minute idle expiry. */
  keepAliveMs: number;
  /** Capital.com's limit: one POST /session per second per API key. */
  minLoginIntervalMs: number;
}

/** Codes third-party clients report for a lapsed or missing session; any 401 counts too. */
const STALE_SESSION_CODES = new Set([
  'error.invalid.session.token',
  'error.null.client.token',
  'error.security.account.token.invalid',
  'error.security.client-token-missing',
]);

/** Logins tried when Capital.com answers 429 (another process logging in with the same key). */
const LOGIN_ATTEMPTS = 3;

export function isStaleSessionCode(errorCode: string): boolean {
  return STALE_SESSION_CODES.has(errorCode);
}

function isStaleSession(error: unknown): boolean {
  return error instanceof CapitalApiError && (error.status === 401 || isStaleSessionCode(error.errorCode));
}

export class CapitalSession {
  // Private fields: util.inspect and loggers that serialise the object do not show them.
  readonly #options: CapitalSessionOptions;
  #tokens: SessionTokens | null = null;
  #login: Promise<SessionTokens> | null = null;
  #lastLoginAt = Number.NEGATIVE_INFINITY;
  #keepAlive: unknown = null;
  #ended = false;

  constructor(options: CapitalSessionOptions) {
    this.#options = options;
  }

  /** The current tokens, logging in first when there are none. */
  tokens(): Promise<SessionTokens> {
    this.#ended = false;
    return this.#tokens ? Promise.resolve(this.#tokens) : this.#startLogin();
  }

  /**
   * Fresh tokens after `stale` was refused. When another caller has renewed meanwhile, its
   * tokens are reused: two calls failing together log in once.
   */
  renew(stale: SessionTokens): Promise<SessionTokens> {
    if (this.#tokens !== null && this.#tokens !== stale) return Promise.resolve(this.#tokens);
    this.#tokens = null;
    return this.#startLogin();
  }

  /** A call with the session's tokens; a stale session is renewed once and the call repeated. */
  async request(
    method: CapitalMethod,
    path: string,
    extra: Pick<CapitalCall, 'query' | 'body'> = {},
  ): Promise<unknown> {
    const used = await this.tokens();
    try {
      return await this.#send(used, { method, path, ...extra });
    } catch (error) {
      if (!isStaleSession(error)) throw error;
      this.#options.logger.info({ path }, 'Capital.com session expired: logging in again');
      return await this.#send(await this.renew(used), { method, path, ...extra });
    }
  }

  /** Logs out (best effort: the session lapses anyway) and stops the keep-alive. */
  async end(): Promise<void> {
    this.#ended = true;
    this.#stopKeepAlive();
    const tokens = this.#tokens;
    this.#tokens = null;
    if (!tokens) return;
    try {
      await this.#send(tokens, { method: 'DELETE', path: '/api/v1/session' });
    } catch (error) {
      this.#options.logger.warn({ error: errorText(error) }, 'Capital.com logout failed');
    }
  }

  async #send(tokens: SessionTokens, call: CapitalCall): Promise<unknown> {
    const { apiUrl, requestTimeoutMs } = this.#options;
    const answer = await callCapital(
      apiUrl,
      { ...call, headers: { CST: tokens.cst, 'X-SECURITY-TOKEN': tokens.securityToken } },
      requestTimeoutMs,
    );
    this.#scheduleKeepAlive();
    return answer.body;
  }

  #startLogin(): Promise<SessionTokens> {
    this.#login ??= this.#logIn().finally(() => {
      this.#login = null;
    });
    return this.#login;
  }

  async #logIn(): Promise<SessionTokens> {
    const { timers, logger } = this.#options;
    for (let attempt = 1; ; attempt += 1) {
      // A loop, not one wait: a timer may fire a millisecond before the clock says it is due.
      for (let wait = this.#waitBeforeLogin(); wait > 0; wait = this.#waitBeforeLogin())
        await sleep(timers, wait);
      let answer: CapitalAnswer;
      try {
        answer = await this.#postSession();
      } catch (error) {
        if (!(error instanceof CapitalApiError)) throw error;
        if (error.status === 429 && attempt < LOGIN_ATTEMPTS) {
          logger.warn({ attempt }, 'Capital.com refused a login as too frequent: waiting');
          continue;
        }
        logger.warn({ status: error.status, errorCode: error.errorCode }, 'Capital.com refused the login');
        throw sessionRefused(error);
      } finally {
        // Stamped once answered: Capital.com saw the login no later, so the spacing holds on its side.
        this.#lastLoginAt = timers.now();
      }
      const tokens = sessionTokensSchema.safeParse({
        cst: answer.headers.get('CST'),
        securityToken: answer.headers.get('X-SECURITY-TOKEN'),
      });
      if (!tokens.success)
        throw new BrokerError('Capital.com non ha restituito i token di sessione', 'unavailable');
      this.#tokens = tokens.data;
      logger.info({ attempt }, 'Capital.com session started');
      this.#scheduleKeepAlive();
      return tokens.data;
    }
  }

  /** The login exactly as documented: the key in a header, the credentials in the body. */
  #postSession(): Promise<CapitalAnswer> {
    const { apiUrl, credentials, requestTimeoutMs } = this.#options;
    return callCapital(
      apiUrl,
      {
        method: 'POST',
        path: '/api/v1/session',
        headers: { 'X-CAP-API-KEY': credentials.apiKey },
        body: {
          identifier: credentials.identifier,
          password: credentials.password,
          encryptedPassword: false,
        },
      },
      requestTimeoutMs,
    );
  }

  #waitBeforeLogin(): number {
    return this.#lastLoginAt + this.#options.minLoginIntervalMs - this.#options.timers.now();
  }

  #scheduleKeepAlive(): void {
    if (this.#ended) return;
    this.#stopKeepAlive();
    const { timers, keepAliveMs } = this.#options;
    this.#keepAlive = timers.setTimeout(() => {
      this.#keepAlive = null;
      this.request('GET', '/api/v1/ping').catch((error: unknown) => {
        this.#options.logger.warn({ error: errorText(error) }, 'Capital.com keep-alive ping failed');
        this.#scheduleKeepAlive();
      });
    }, keepAliveMs);
  }

  #stopKeepAlive(): void {
    if (this.#keepAlive === null) return;
    this.#options.timers.clearTimeout(this.#keepAlive);
    this.#keepAlive = null;
  }
}
