// A loopback stand-in for Capital.com, for tests: node:http and ws on 127.0.0.1 at an ephemeral
// port, answering in the shapes and with the error codes of spec/capital-api.md (sessions,
// markets, positions and the stops they hold, confirmations, activity, the quote stream). A test
// scripts what the real service does only now and then: a session that lapses, a deal refused for
// a reason, a dropped stream, an answer that arrives after the client gave up although the
// position was opened.
// Every request is recorded so a test can count what the client sent.
import { randomUUID } from 'node:crypto';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FakeActivity,
  type FakeMarket,
  type FakePosition,
  activityJson,
  confirmBase,
  marketDetailsJson,
  marketRowJson,
  newDealId,
  positionJson,
  rejectedConfirm,
  sessionJson,
} from './capital-fake-shapes';
import { FakeQuoteStream } from './capital-fake-stream';

export type { FakeMarket, FakePosition } from './capital-fake-shapes';

export interface FakeAccount {
  apiKey: string;
  identifier: string;
  password: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The status and body answered; 0 and undefined while the answer is held back. */
  status: number;
  answer: unknown;
}

export interface CapitalFakeOptions {
  accounts?: FakeAccount[];
  markets?: FakeMarket[];
  /** Capital.com's limit: one POST /session per second per API key. */
  loginIntervalMs?: number;
  /** Sessions lapse after this long unused: 10 minutes. */
  sessionIdleMs?: number;
}

interface AccountState {
  account: FakeAccount;
  accountId: string;
  positions: FakePosition[];
  confirms: Map<string, object>;
  activities: FakeActivity[];
}

interface FakeSession {
  cst: string;
  securityToken: string;
  state: AccountState;
  lastUsedAt: number;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

const refuse = (status: number, errorCode: string): Reply => ({ status, body: { errorCode } });
const ok = (body: unknown): Reply => ({ status: 200, body });

export class CapitalFake {
  readonly requests: FakeRequest[] = [];
  readonly #server: Server;
  readonly #stream: FakeQuoteStream;
  readonly #accounts = new Map<string, AccountState>();
  readonly #markets = new Map<string, FakeMarket>();
  readonly #sessions = new Map<string, FakeSession>();
  readonly #lastLoginAt = new Map<string, number>();
  readonly #heldReplies = new Set<NodeJS.Timeout>();
  readonly #loginIntervalMs: number;
  readonly #sessionIdleMs: number;
  #rejections: string[] = [];
  #positionAnswerDelayMs = 0;
  #hiddenConfirms = 0;
  #positionsHidden = false;

  static async start(options: CapitalFakeOptions = {}): Promise<CapitalFake> {
    const fake = new CapitalFake(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  private constructor(options: CapitalFakeOptions) {
    for (const account of options.accounts ?? []) this.addAccount(account);
    for (const market of options.markets ?? []) this.#markets.set(market.epic, { ...market });
    this.#loginIntervalMs = options.loginIntervalMs ?? 1_000;
    this.#sessionIdleMs = options.sessionIdleMs ?? 10 * 60_000;
    this.#server = createServer((request, response) => void this.#handle(request, response));
    this.#stream = new FakeQuoteStream(this.#server, {
      isLive: (cst, securityToken) => this.#liveSession(cst, securityToken) !== null,
      knows: (epic) => this.#markets.has(epic),
    });
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  get streamUrl(): string {
    return `ws://127.0.0.1:${(this.#server.address() as AddressInfo).port}/connect`;
  }

  /** Stream connections opened, subscriptions made and pings received so far. */
  get stream(): Readonly<FakeQuoteStream['counts']> {
    return this.#stream.counts;
  }

  /** Requests made with this method to this path (exact, or matching the pattern). */
  count(method: string, path: string | RegExp): number {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    ).length;
  }

  addAccount(account: FakeAccount): void {
    this.#accounts.set(account.apiKey, {
      account,
      accountId: `ACC${this.#accounts.size + 1}`,
      positions: [],
      confirms: new Map(),
      activities: [],
    });
  }

  setMarket(epic: string, change: Partial<FakeMarket>): void {
    const market = this.#markets.get(epic);
    if (!market) throw new Error(`fake: no market ${epic}`);
    Object.assign(market, change);
  }

  /** Every session lapses, as after 10 idle minutes: the next call answers 401. */
  expireSessions(): void {
    this.#sessions.clear();
  }

  /** The next deal (open or close) is refused with this reason, e.g. INSUFFICIENT_FUNDS. */
  rejectNextDeal(reason: string): void {
    this.#rejections.push(reason);
  }

  /** The next POST /positions opens its position at once but answers only after `ms`. */
  delayNextPositionAnswer(ms: number): void {
    this.#positionAnswerDelayMs = ms;
  }

  /** The next `count` confirmation reads answer 404, as before a confirmation is readable. */
  hideConfirms(count: number): void {
    this.#hiddenConfirms = count;
  }

  /** GET /positions answers an empty list, as a list lagging behind the deals. */
  hidePositions(hidden: boolean): void {
    this.#positionsHidden = hidden;
  }

  /** Stream pings go unanswered, as on a connection that died without closing. */
  ignorePings(ignored: boolean): void {
    this.#stream.pingsIgnored = ignored;
  }

  /**
   * Sends a quote to every stream subscribed to the epic; answers how many got it. The stops it
   * reaches close their positions first, at the quote, as Capital.com's own stops do.
   */
  pushQuote(epic: string, bid: number, ofr: number): number {
    this.setMarket(epic, { bid, offer: ofr });
    for (const state of this.#accounts.values()) this.#closeAtStops(state, epic, bid, ofr);
    return this.#stream.push(epic, bid, ofr);
  }

  /** Cuts every stream connection without a closing handshake. */
  dropStreams(): void {
    this.#stream.drop();
  }

  /** A position opened elsewhere (by hand, or by an earlier run). */
  openPositionFor(apiKey: string, position: Omit<FakePosition, 'dealId'>): FakePosition {
    const opened = { ...position, dealId: newDealId() };
    this.#accountOf(apiKey).positions.push(opened);
    return opened;
  }

  positionsOf(apiKey: string): readonly FakePosition[] {
    return this.#accountOf(apiKey).positions;
  }

  async close(): Promise<void> {
    for (const timer of this.#heldReplies) clearTimeout(timer);
    await this.#stream.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accountOf(apiKey: string): AccountState {
    const state = this.#accounts.get(apiKey);
    if (!state) throw new Error('fake: no such account');
    return state;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const record: FakeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readJson(request),
      status: 0,
      answer: undefined,
    };
    this.requests.push(record);
    const reply = this.#route(record);
    const send = () => {
      record.status = reply.status;
      record.answer = reply.body;
      if (response.destroyed) return;
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(JSON.stringify(reply.body));
    };
    if (!reply.delayMs) return send();
    const timer = setTimeout(() => {
      this.#heldReplies.delete(timer);
      send();
    }, reply.delayMs);
    this.#heldReplies.add(timer);
  }

  #route(request: FakeRequest): Reply {
    const { method, path } = request;
    if (method === 'POST' && path === '/api/v1/session') return this.#logIn(request);
    const session = this.#authenticate(request.headers);
    if (!('state' in session)) return session;
    const { state } = session;
    if (method === 'GET' && path === '/api/v1/history/activity') return this.#activity(state, request.query);
    const [, api, version, resource, rawId, ...rest] = path.split('/');
    if (api !== 'api' || version !== 'v1' || rest.length > 0) return refuse(404, 'error.not-found.path');
    const id = decodeURIComponent(rawId ?? '');
    switch (`${method} ${resource}${rawId === undefined ? '' : '/:id'}`) {
      case 'DELETE session':
        this.#sessions.delete(session.cst);
        return ok({ status: 'SUCCESS' });
      case 'GET ping':
        return ok({ status: 'OK' });
      case 'GET markets/:id': {
        const market = this.#markets.get(id);
        return market ? ok(marketDetailsJson(market)) : refuse(404, 'error.not-found.epic');
      }
      case 'GET markets':
        return this.#searchMarkets(request.query);
      case 'GET positions':
        return ok({
          positions: this.#positionsHidden
            ? []
            : state.positions.map((position) => this.#positionJson(position)),
        });
      case 'GET positions/:id': {
        const position = state.positions.find((held) => held.dealId === id);
        return position ? ok(this.#positionJson(position)) : refuse(404, 'error.not-found.dealId');
      }
      case 'POST positions':
        return this.#open(state, request.body);
      case 'DELETE positions/:id':
        return this.#close(state, id);
      case 'GET confirms/:id':
        return this.#confirm(state, id);
      default:
        return refuse(404, 'error.not-found.path');
    }
  }

  #logIn(request: FakeRequest): Reply {
    const apiKey = request.headers['x-cap-api-key'];
    if (typeof apiKey !== 'string' || apiKey === '') return refuse(400, 'error.null.api.key');
    const state = this.#accounts.get(apiKey);
    if (!state) return refuse(401, 'error.invalid.api.key');
    const now = Date.now();
    const last = this.#lastLoginAt.get(apiKey);
    this.#lastLoginAt.set(apiKey, now);
    if (last !== undefined && now - last < this.#loginIntervalMs) {
      return refuse(429, 'error.too-many.requests');
    }
    const body = request.body as { identifier?: unknown; password?: unknown } | null;
    if (body?.identifier !== state.account.identifier || body.password !== state.account.password) {
      return refuse(401, 'error.invalid.details');
    }
    const session: FakeSession = { cst: randomUUID(), securityToken: randomUUID(), state, lastUsedAt: now };
    this.#sessions.set(session.cst, session);
    return {
      status: 200,
      headers: { CST: session.cst, 'X-SECURITY-TOKEN': session.securityToken },
      body: sessionJson(state.accountId),
    };
  }

  /** The session of the tokens, or the refusal Capital.com's clients report. */
  #authenticate(headers: IncomingHttpHeaders): FakeSession | Reply {
    const cst = headers.cst;
    const securityToken = headers['x-security-token'];
    if (typeof cst !== 'string' || typeof securityToken !== 'string') {
      return refuse(400, 'error.null.client.token');
    }
    return this.#liveSession(cst, securityToken) ?? refuse(401, 'error.invalid.session.token');
  }

  /** The live session of the tokens, marked used; a lapsed one is forgotten. */
  #liveSession(cst: unknown, securityToken: unknown): FakeSession | null {
    const session = typeof cst === 'string' ? this.#sessions.get(cst) : undefined;
    if (!session || session.securityToken !== securityToken) return null;
    const now = Date.now();
    if (now - session.lastUsedAt > this.#sessionIdleMs) {
      this.#sessions.delete(session.cst);
      return null;
    }
    session.lastUsedAt = now;
    return session;
  }

  /** searchTerm wins over epics; neither lists every market. */
  #searchMarkets(query: URLSearchParams): Reply {
    const term = query.get('searchTerm')?.toLowerCase();
    const markets = [...this.#markets.values()];
    if (term !== undefined) {
      const found = markets.filter((market) =>
        `${market.epic} ${market.instrumentName}`.toLowerCase().includes(term),
      );
      return ok({ markets: found.map(marketRowJson) });
    }
    const epics = query.get('epics')?.split(',');
    if (epics) {
      return ok({
        marketDetails: markets.filter((market) => epics.includes(market.epic)).map(marketDetailsJson),
      });
    }
    return ok({ markets: markets.map(marketRowJson) });
  }

  #positionJson(position: FakePosition) {
    return positionJson(position, this.#markets.get(position.epic));
  }

  #open(state: AccountState, body: unknown): Reply {
    const { epic, direction, size, stopLevel } = (body ?? {}) as {
      epic?: unknown;
      direction?: unknown;
      size?: unknown;
      stopLevel?: unknown;
    };
    if (typeof epic !== 'string' || epic === '') return refuse(400, 'error.null.epic');
    const side = direction === 'BUY' ? 'BUY' : direction === 'SELL' ? 'SELL' : null;
    if (!side) return refuse(400, 'error.invalid.direction');
    const market = this.#markets.get(epic);
    if (!market) return refuse(404, 'error.not-found.epic');
    if (typeof size !== 'number' || size < market.minDealSize) {
      return refuse(400, `error.invalid.size.minvalue: ${market.minDealSize}`);
    }
    if (stopLevel !== undefined) {
      // A long position's stop lies under the bid, a short one's over the offer.
      if (typeof stopLevel !== 'number') return refuse(400, 'error.invalid.stoploss');
      if (side === 'BUY' && stopLevel >= market.bid)
        return refuse(400, `error.invalid.stoploss.maxvalue: ${market.bid}`);
      if (side === 'SELL' && stopLevel <= market.offer)
        return refuse(400, `error.invalid.stoploss.minvalue: ${market.offer}`);
    }
    const dealReference = `o_${randomUUID()}`;
    const base = confirmBase(epic, dealReference, size, side);
    const refusal =
      this.#rejections.shift() ?? (market.marketStatus === 'TRADEABLE' ? null : 'MARKET_CLOSED');
    if (refusal) {
      state.confirms.set(dealReference, rejectedConfirm(base, refusal));
    } else {
      const level = side === 'BUY' ? market.offer : market.bid;
      const position: FakePosition = {
        dealId: newDealId(),
        epic,
        direction: side,
        size,
        level,
        createdAt: Date.now(),
        ...(typeof stopLevel === 'number' ? { stopLevel } : {}),
      };
      state.positions.push(position);
      state.activities.push({ ...position, at: position.createdAt, marketName: market.instrumentName });
      state.confirms.set(dealReference, {
        ...base,
        status: 'OPEN',
        reason: 'SUCCESS',
        dealStatus: 'ACCEPTED',
        affectedDeals: [{ dealId: position.dealId, status: 'OPENED' }],
        level,
      });
    }
    const delayMs = this.#positionAnswerDelayMs;
    this.#positionAnswerDelayMs = 0;
    return { ...ok({ dealReference }), delayMs };
  }

  #close(state: AccountState, id: string): Reply {
    const position = state.positions.find((held) => held.dealId === id);
    if (!position) return refuse(404, 'error.not-found.dealId');
    const market = this.#markets.get(position.epic);
    const dealReference = `p_${randomUUID()}`;
    const closing = position.direction === 'BUY' ? 'SELL' : 'BUY';
    const base = confirmBase(position.epic, dealReference, position.size, closing);
    const refusal =
      this.#rejections.shift() ?? (market?.marketStatus === 'TRADEABLE' ? null : 'MARKET_CLOSED');
    if (refusal || !market) {
      state.confirms.set(dealReference, rejectedConfirm(base, refusal ?? 'MARKET_CLOSED'));
      return ok({ dealReference });
    }
    const level = this.#closePosition(state, position, market.bid, market.offer, 'USER');
    state.confirms.set(dealReference, {
      ...base,
      status: 'CLOSED',
      reason: 'SUCCESS',
      dealStatus: 'ACCEPTED',
      affectedDeals: [{ dealId: id, status: 'FULLY_CLOSED' }],
      level,
      profit: (level - position.level) * position.size * (closing === 'SELL' ? 1 : -1),
      profitCurrency: 'USD',
    });
    return ok({ dealReference });
  }

  /**
   * Positions on the epic whose stop the quote reaches, closed there: gone from the list, and in
   * the activity as the stop's deals (source SL).
   */
  #closeAtStops(state: AccountState, epic: string, bid: number, ofr: number): void {
    const reached = (position: FakePosition) =>
      position.epic === epic &&
      position.stopLevel !== undefined &&
      (position.direction === 'BUY' ? bid <= position.stopLevel : ofr >= position.stopLevel);
    for (const position of state.positions.filter(reached))
      this.#closePosition(state, position, bid, ofr, 'SL');
  }

  /**
   * Takes the position off the list at the quote (a long sells at the bid) and records the close
   * in the activity; answers its level.
   */
  #closePosition(
    state: AccountState,
    position: FakePosition,
    bid: number,
    ofr: number,
    source: 'USER' | 'SL',
  ): number {
    const closing = position.direction === 'BUY' ? 'SELL' : 'BUY';
    const level = closing === 'SELL' ? bid : ofr;
    state.positions = state.positions.filter((held) => held !== position);
    state.activities.push({
      ...position,
      at: Date.now(),
      direction: closing,
      level,
      marketName: this.#markets.get(position.epic)?.instrumentName ?? position.epic,
      source,
    });
    return level;
  }

  #confirm(state: AccountState, reference: string): Reply {
    const confirm = state.confirms.get(reference);
    if (!confirm || this.#hiddenConfirms > 0) {
      this.#hiddenConfirms = Math.max(0, this.#hiddenConfirms - 1);
      return refuse(404, 'error.not-found.dealReference');
    }
    return ok(confirm);
  }

  /** lastPeriod in seconds (default 600, at most a day) and a FIQL filter of `key==value` terms. */
  #activity(state: AccountState, query: URLSearchParams): Reply {
    const lastPeriod = Number(query.get('lastPeriod') ?? 600);
    if (!Number.isFinite(lastPeriod) || lastPeriod <= 0 || lastPeriod > 86_400) {
      return refuse(400, 'error.invalid.lastPeriod');
    }
    const detailed = query.get('detailed') === 'true';
    const terms = (query.get('filter') ?? '')
      .split(';')
      .filter(Boolean)
      .map((term) => term.split('=='));
    const since = Date.now() - lastPeriod * 1000;
    const activities = state.activities
      .filter((activity) => activity.at >= since)
      .map((activity) => activityJson(activity, detailed))
      .filter((row) =>
        terms.every(([key, value]) => String((row as Record<string, unknown>)[key ?? '']) === value),
      );
    return ok({ activities });
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
