// Capital.com's WebSocket quote stream of one account (spec/capital-api.md section 10): one
// connection carries every epic its bots trade (up to Capital.com's 40). Each client frame carries
// the session's tokens; after `marketData.subscribe` the server pushes
// `{destination:"quote", payload:{epic, bid, ofr, timestamp}}`. The stream's session lapses after
// 10 minutes unless pinged, so it pings, and a ping left unanswered means a dead connection.
// A connection that drops is opened again after a back-off that doubles up to a cap, and
// subscribes again; a refusal for a stale session renews the REST session's tokens first.
import WebSocket from 'ws';
import type { Quote } from '../broker';
import type { Timers } from '../../timers';
import { errorText } from './capital-ports';
import { quotePayloadSchema, streamErrorPayloadSchema, streamFrameSchema } from './capital-schemas';
import { isStaleSessionCode, type SessionTokens } from './capital-session';
import type { Logger } from '../../../lib/logger';

/** Where the stream gets its tokens: the REST session. */
export interface StreamAuth {
  tokens(): Promise<SessionTokens>;
  renew(stale: SessionTokens): Promise<SessionTokens>;
}

export interface StreamTiming {
  /** Between pings; under the stream's 10-minute lifetime. */
  pingIntervalMs: number;
  /** A ping unanswered for this long drops the connection. */
  pongTimeoutMs: number;
  /** The first reconnection delay; it doubles on each failed attempt... */
  reconnectMinMs: number;
  /** ...up to this. */
  reconnectMaxMs: number;
}

export const DEFAULT_STREAM_TIMING: StreamTiming = {
  pingIntervalMs: 5 * 60_000,
  pongTimeoutMs: 30_000,
  reconnectMinMs: 500,
  reconnectMaxMs: 30_000,
};

export interface CapitalStreamOptions {
  url: string;
  auth: StreamAuth;
  timers: Timers;
  logger: Pick<Logger, 'info' | 'warn'>;
  timing: StreamTiming;
}

export class CapitalQuoteStream {
  readonly #options: CapitalStreamOptions;
  /** By epic, who wants its quotes. */
  readonly #listeners = new Map<string, Set<(quote: Quote) => void>>();
  #socket: WebSocket | null = null;
  /** The tokens the open connection's frames carry. */
  #tokens: SessionTokens | null = null;
  #running = false;
  /** Failed connections in a row; sets the next back-off. */
  #failures = 0;
  #correlation = 0;
  #reconnectTimer: unknown = null;
  #pingTimer: unknown = null;
  #pongTimer: unknown = null;

  constructor(options: CapitalStreamOptions) {
    this.#options = options;
  }

  /**
   * Connects with the first listener, subscribes an epic with its first; the returned function
   * removes the listener, and the last one closes the connection.
   */
  subscribe(epic: string, listener: (quote: Quote) => void): () => void {
    const listeners = this.#listeners.get(epic) ?? new Set();
    const newEpic = listeners.size === 0;
    listeners.add(listener);
    this.#listeners.set(epic, listeners);
    if (!this.#running) {
      this.#running = true;
      void this.#connect();
    } else if (newEpic && this.#socket?.readyState === WebSocket.OPEN && this.#tokens) {
      this.#send(this.#socket, this.#tokens, 'marketData.subscribe', { epics: [epic] });
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      this.#listeners.delete(epic);
      if (this.#listeners.size === 0) this.close();
      else if (this.#socket?.readyState === WebSocket.OPEN && this.#tokens)
        this.#send(this.#socket, this.#tokens, 'marketData.unsubscribe', { epics: [epic] });
    };
  }

  close(): void {
    this.#running = false;
    this.#listeners.clear();
    this.#reconnectTimer = this.#cancel(this.#reconnectTimer);
    this.#stopPinging();
    const socket = this.#socket;
    this.#socket = null;
    socket?.terminate();
  }

  async #connect(): Promise<void> {
    let tokens: SessionTokens;
    try {
      tokens = await this.#options.auth.tokens();
    } catch (error) {
      this.#options.logger.warn({ error: errorText(error) }, 'Capital.com stream: no session');
      this.#scheduleReconnect();
      return;
    }
    // Closed meanwhile, or closed and subscribed again with another connection under way.
    if (!this.#running || this.#socket) return;
    const socket = new WebSocket(this.#options.url);
    this.#socket = socket;
    this.#tokens = tokens;
    socket.on('open', () => {
      this.#send(socket, tokens, 'marketData.subscribe', { epics: [...this.#listeners.keys()] });
      this.#schedulePing(socket, tokens);
    });
    socket.on('message', (data: WebSocket.RawData) => this.#onFrame(socket, tokens, data));
    socket.on('error', (error) => {
      // 'close' follows and reconnects; the error only says why.
      this.#options.logger.warn({ error: errorText(error) }, 'Capital.com stream error');
    });
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#stopPinging();
      if (this.#running) this.#scheduleReconnect();
    });
  }

  #onFrame(socket: WebSocket, tokens: SessionTokens, data: WebSocket.RawData): void {
    const frame = streamFrameSchema.safeParse(parseFrame(data));
    if (!frame.success) return;
    const { status, destination, payload } = frame.data;
    if (status === 'ERROR') {
      const refusal = streamErrorPayloadSchema.safeParse(payload);
      const errorCode = refusal.success ? refusal.data.errorCode : 'unknown';
      this.#options.logger.warn({ destination, errorCode }, 'Capital.com stream refused a frame');
      if (isStaleSessionCode(errorCode)) void this.#renewAndReopen(socket, tokens);
      return;
    }
    switch (destination) {
      case 'quote': {
        const quote = quotePayloadSchema.safeParse(payload);
        if (!quote.success) return;
        const { epic, bid, ofr, timestamp } = quote.data;
        for (const listener of this.#listeners.get(epic) ?? []) {
          // A listener's failure is its own: the stream and the other listeners go on.
          try {
            listener({ bid, ask: ofr, time: timestamp });
          } catch (error) {
            this.#options.logger.warn({ error: errorText(error) }, 'Capital.com quote listener failed');
          }
        }
        return;
      }
      case 'marketData.subscribe':
        // Subscribed: the connection works, so the next drop starts the back-off afresh.
        this.#failures = 0;
        return;
      case 'ping':
        this.#pongTimer = this.#cancel(this.#pongTimer);
        this.#schedulePing(socket, tokens);
        return;
    }
  }

  async #renewAndReopen(socket: WebSocket, stale: SessionTokens): Promise<void> {
    try {
      await this.#options.auth.renew(stale);
    } catch (error) {
      this.#options.logger.warn({ error: errorText(error) }, 'Capital.com stream: session renewal failed');
    }
    socket.terminate();
  }

  #send(socket: WebSocket, tokens: SessionTokens, destination: string, payload?: object): void {
    this.#correlation += 1;
    socket.send(
      JSON.stringify({
        destination,
        correlationId: String(this.#correlation),
        cst: tokens.cst,
        securityToken: tokens.securityToken,
        ...(payload ? { payload } : {}),
      }),
    );
  }

  #schedulePing(socket: WebSocket, tokens: SessionTokens): void {
    const { timers, timing, logger } = this.#options;
    this.#pingTimer = this.#cancel(this.#pingTimer);
    this.#pingTimer = timers.setTimeout(() => {
      this.#pingTimer = null;
      if (socket.readyState !== WebSocket.OPEN) return;
      this.#send(socket, tokens, 'ping');
      this.#pongTimer = timers.setTimeout(() => {
        this.#pongTimer = null;
        logger.warn({}, 'Capital.com stream: ping unanswered, reconnecting');
        socket.terminate();
      }, timing.pongTimeoutMs);
    }, timing.pingIntervalMs);
  }

  #scheduleReconnect(): void {
    const { timers, timing, logger } = this.#options;
    const delay = Math.min(timing.reconnectMaxMs, timing.reconnectMinMs * 2 ** this.#failures);
    this.#failures += 1;
    logger.info({ delayMs: delay, attempt: this.#failures }, 'Capital.com stream: reconnecting');
    this.#reconnectTimer = this.#cancel(this.#reconnectTimer);
    this.#reconnectTimer = timers.setTimeout(() => {
      this.#reconnectTimer = null;
      if (this.#running) void this.#connect();
    }, delay);
  }

  #stopPinging(): void {
    this.#pingTimer = this.#cancel(this.#pingTimer);
    this.#pongTimer = this.#cancel(this.#pongTimer);
  }

  #cancel(timer: unknown): null {
    if (timer !== null) this.#options.timers.clearTimeout(timer);
    return null;
  }
}

function parseFrame(data: WebSocket.RawData): unknown {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}
