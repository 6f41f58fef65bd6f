// A loopback stand-in for Capital.com, for tests: node:http and ws on 127.0.0.1 at an ephemeral
// port, answering in the shapes and with the error codes of spec/capital-api.md, and as awkward as
// the real service: a request budget per account, dealing rules that refuse sizes and stops,
// markets that close on their hours, working orders, stops and profits that fire along the price
// path, late answers, hidden confirmations and refused deals that still leave activity rows.
// Business time (sessions, market hours, dates in answers) reads the clock the test passes in;
// the rate limits read real time, since they are about how fast requests really arrive.
// Every request is recorded so a test can count what the client sent.
//
// The pieces: capital-fake-desk.ts deals for one account, capital-fake-book.ts fires what rests on
// the price path, capital-fake-rules.ts checks a deal's request, capital-fake-hours.ts opens and
// closes markets, capital-fake-pacing.ts counts requests, capital-fake-shapes.ts writes the JSON.
import { randomUUID } from 'node:crypto';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { FakeDesk } from './capital-fake-desk';
import { activityAnswer } from './capital-fake-history';
import { marketStatusAt } from './capital-fake-hours';
import { LoginPacer, SlidingWindow } from './capital-fake-pacing';
import {
  type FakeActivity,
  type FakeMarket,
  type FakePosition,
  type FakeWorkingOrder,
  LEVERAGES,
  type MarketMoment,
  type Reply,
  accountsJson,
  marketDetailsJson,
  marketRowJson,
  newDealId,
  ok,
  positionJson,
  preferencesJson,
  refuse,
  sessionJson,
  workingOrderJson,
} from './capital-fake-shapes';
import { FakeQuoteStream } from './capital-fake-stream';

export type {
  FakeActivity,
  FakeDistance,
  FakeMarket,
  FakeOpeningHours,
  FakePosition,
  FakeWorkingOrder,
} from './capital-fake-shapes';

export interface FakeAccount {
  apiKey: string;
  identifier: string;
  password: string;
  /** What GET /accounts/preferences says; the fake never nets positions either way. */
  hedgingMode?: boolean;
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
  /**
   * The business clock: session idle time, market hours, and every date the fake writes (positions,
   * orders, confirmations, activity, quotes). Date.now unless said.
   */
  now?: () => number;
  /**
   * Capital.com's "10 requests per second per user": authenticated calls of one account, over all
   * its sessions, in any sliding second. Infinity turns the limit off.
   */
  requestsPerSecond?: number;
  /** The real-time clock both rate limits read: performance.now unless said. */
  requestClock?: () => number;
}

interface AccountState {
  account: FakeAccount;
  accountId: string;
  desk: FakeDesk;
  budget: SlidingWindow;
  hedgingMode: boolean;
}

interface FakeSession {
  cst: string;
  securityToken: string;
  state: AccountState;
  lastUsedAt: number;
}

export class CapitalFake {
  readonly requests: FakeRequest[] = [];
  readonly #server: Server;
  readonly #stream: FakeQuoteStream;
  readonly #accounts = new Map<string, AccountState>();
  readonly #markets = new Map<string, FakeMarket>();
  readonly #sessions = new Map<string, FakeSession>();
  readonly #revoked = new Set<string>();
  readonly #heldReplies = new Set<NodeJS.Timeout>();
  readonly #sessionIdleMs: number;
  readonly #now: () => number;
  readonly #requestsPerSecond: number;
  readonly #requestClock: () => number;
  readonly #logins: LoginPacer;
  #rejections: string[] = [];
  #positionAnswerDelayMs = 0;
  #workingOrderAnswerDelayMs = 0;
  #hiddenConfirms = 0;
  #positionsHidden = false;
  #rateLimited = 0;

  static async start(options: CapitalFakeOptions = {}): Promise<CapitalFake> {
    const fake = new CapitalFake(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  private constructor(options: CapitalFakeOptions) {
    this.#now = options.now ?? Date.now;
    this.#requestsPerSecond = options.requestsPerSecond ?? 10;
    this.#requestClock = options.requestClock ?? (() => performance.now());
    this.#logins = new LoginPacer(options.loginIntervalMs ?? 1_000, this.#requestClock);
    this.#sessionIdleMs = options.sessionIdleMs ?? 10 * 60_000;
    for (const account of options.accounts ?? []) this.addAccount(account);
    for (const market of options.markets ?? []) this.#markets.set(market.epic, structuredClone(market));
    this.#server = createServer((request, response) => void this.#handle(request, response));
    this.#stream = new FakeQuoteStream(this.#server, {
      isLive: (cst, securityToken) => this.#liveSession(cst, securityToken) !== null,
      knows: (epic) => this.#markets.has(epic),
      now: () => this.#now(),
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

  /** Requests answered 429 for going over an account's requests per second (not logins). */
  get rateLimited(): number {
    return this.#rateLimited;
  }

  /** Requests made with this method to this path (exact, or matching the pattern), 429s included. */
  count(method: string, path: string | RegExp): number {
    return this.#requestsTo(method, path).length;
  }

  /**
   * Requests with this method to this path that the broker acted on: all but those refused with a
   * 429 for the rate limit, which Capital.com answers before dealing (the adapter sends them again).
   */
  dealt(method: string, path: string | RegExp): number {
    return this.#requestsTo(method, path).filter((request) => request.status !== 429).length;
  }

  #requestsTo(method: string, path: string | RegExp) {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path)),
    );
  }

  addAccount(account: FakeAccount): void {
    this.#accounts.set(account.apiKey, {
      account,
      accountId: `ACC${this.#accounts.size + 1}`,
      desk: new FakeDesk({
        now: () => this.#now(),
        moment: (epic) => this.#moment(epic),
        takeScriptedRefusal: () => this.#rejections.shift(),
      }),
      budget: new SlidingWindow(this.#requestsPerSecond, 1_000, this.#requestClock),
      hedgingMode: account.hedgingMode ?? false,
    });
  }

  /** Changes a market at once, without a price path: a price set here fills and stops nothing. */
  setMarket(epic: string, change: Partial<FakeMarket>): void {
    Object.assign(this.#marketOf(epic), change);
  }

  /** The status the market shows now (its forced status, or its hours on the business clock). */
  marketStatusOf(epic: string): string {
    return marketStatusAt(this.#marketOf(epic), this.#now());
  }

  /** Every session lapses, as after 10 idle minutes: the next call answers 401. */
  expireSessions(): void {
    this.#sessions.clear();
  }

  /**
   * The customer revoked the API key at Capital.com: its sessions end and a login with it answers
   * 401 error.invalid.api.key, as for an unknown key. The account's positions stay.
   */
  revokeApiKey(apiKey: string): void {
    this.#revoked.add(apiKey);
    for (const [cst, session] of this.#sessions)
      if (session.state === this.#accounts.get(apiKey)) this.#sessions.delete(cst);
  }

  /**
   * The next deal of any kind (open, close, amendment, working order placed, amended or deleted)
   * is refused with this reason, e.g. INSUFFICIENT_FUNDS.
   */
  rejectNextDeal(reason: string): void {
    this.#rejections.push(reason);
  }

  /** The next POST /positions opens its position at once but answers only after `ms`. */
  delayNextPositionAnswer(ms: number): void {
    this.#positionAnswerDelayMs = ms;
  }

  /** The next POST /workingorders places its order at once but answers only after `ms`. */
  delayNextWorkingOrderAnswer(ms: number): void {
    this.#workingOrderAnswerDelayMs = ms;
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
   * A new quote for the epic; answers how many streams got it. On the way from the previous quote
   * the bid moves along a straight line (or jumps, with `gap`: a reopening, a bar's open) with the
   * offer at this quote's spread, and the working orders, stops and profits it meets fire
   * (capital-fake-book.ts). A market that does not deal now takes the new prices and fires nothing.
   */
  pushQuote(epic: string, bid: number, ofr: number, options: { gap?: boolean } = {}): number {
    const market = this.#marketOf(epic);
    const from = market.bid;
    if (marketStatusAt(market, this.#now()) === 'TRADEABLE') {
      for (const { desk } of this.#accounts.values()) {
        desk.expireWorkingOrders();
        desk.movePrice(epic, { from, bid, ofr, gap: options.gap ?? false });
      }
    }
    market.bid = bid;
    market.offer = ofr;
    return this.#stream.push(epic, bid, ofr);
  }

  /** Cuts every stream connection without a closing handshake. */
  dropStreams(): void {
    this.#stream.drop();
  }

  /** A position opened elsewhere (by hand, or by an earlier run). */
  openPositionFor(apiKey: string, position: Omit<FakePosition, 'dealId'>): FakePosition {
    const opened = { ...position, dealId: newDealId() };
    this.#accountOf(apiKey).desk.positions.push(opened);
    return opened;
  }

  /** A working order placed elsewhere (by hand, or by an earlier run); no check is made. */
  placeWorkingOrderFor(apiKey: string, order: Omit<FakeWorkingOrder, 'dealId'>): FakeWorkingOrder {
    const placed = { ...order, dealId: newDealId() };
    this.#accountOf(apiKey).desk.workingOrders.push(placed);
    return placed;
  }

  positionsOf(apiKey: string): readonly FakePosition[] {
    return this.#accountOf(apiKey).desk.positions;
  }

  workingOrdersOf(apiKey: string): readonly FakeWorkingOrder[] {
    return this.#accountOf(apiKey).desk.workingOrders;
  }

  /** The account's activity history, oldest first, as the fake holds it. */
  activitiesOf(apiKey: string): readonly FakeActivity[] {
    return this.#accountOf(apiKey).desk.activities;
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

  #marketOf(epic: string): FakeMarket {
    const market = this.#markets.get(epic);
    if (!market) throw new Error(`fake: no market ${epic}`);
    return market;
  }

  #moment(epic: string): MarketMoment | undefined {
    const market = this.#markets.get(epic);
    if (!market) return undefined;
    const now = this.#now();
    return { market, status: marketStatusAt(market, now), now };
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
    const reply = this.#answer(record);
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

  /** Logs in, or checks the session and the account's budget before dealing with the call. */
  #answer(request: FakeRequest): Reply {
    const { method, path } = request;
    if (method === 'POST' && path === '/api/v1/session') return this.#logIn(request);
    if (method === 'GET' && path === '/api/v1/time') return ok({ serverTime: this.#now() });
    const session = this.#authenticate(request.headers);
    if (!('state' in session)) return session;
    if (!session.state.budget.admit()) {
      this.#rateLimited += 1;
      return refuse(429, 'error.too-many.requests');
    }
    session.state.desk.expireWorkingOrders();
    return this.#route(request, session);
  }

  #route(request: FakeRequest, session: FakeSession): Reply {
    const { method, path } = request;
    const { state } = session;
    const { desk } = state;
    if (method === 'GET' && path === '/api/v1/history/activity') {
      return activityAnswer(desk.activities, request.query, this.#now());
    }
    const [, api, version, resource, rawId, ...rest] = path.split('/');
    if (api !== 'api' || version !== 'v1' || rest.length > 0) return refuse(404, 'error.not-found.path');
    const id = decodeURIComponent(rawId ?? '');
    switch (`${method} ${resource}${rawId === undefined ? '' : '/:id'}`) {
      case 'GET session':
        return ok(this.#sessionDetails(state));
      case 'DELETE session':
        this.#sessions.delete(session.cst);
        return ok({ status: 'SUCCESS' });
      case 'GET ping':
        return ok({ status: 'OK' });
      case 'GET accounts':
        return ok(accountsJson(state.accountId));
      case 'GET accounts/:id':
        return id === 'preferences'
          ? ok(preferencesJson(state.hedgingMode))
          : refuse(404, 'error.not-found.path');
      case 'PUT accounts/:id':
        return id === 'preferences'
          ? this.#setPreferences(state, request.body)
          : refuse(404, 'error.not-found.path');
      case 'GET markets/:id': {
        const moment = this.#moment(id);
        return moment ? ok(marketDetailsJson(moment)) : refuse(404, 'error.not-found.epic');
      }
      case 'GET markets':
        return this.#searchMarkets(request.query);
      case 'GET positions':
        return ok({
          positions: this.#positionsHidden ? [] : desk.positions.map((held) => this.#positionJson(held)),
        });
      case 'GET positions/:id': {
        const position = desk.positions.find((held) => held.dealId === id);
        return position ? ok(this.#positionJson(position)) : refuse(404, 'error.not-found.dealId');
      }
      case 'POST positions':
        return this.#heldBack(desk.openPosition(request.body), 'position');
      case 'PUT positions/:id':
        return desk.amendPosition(id, request.body);
      case 'DELETE positions/:id':
        return desk.closePosition(id);
      case 'GET workingorders':
        return ok({
          workingOrders: desk.workingOrders.map((order) => workingOrderJson(order, this.#moment(order.epic))),
        });
      case 'POST workingorders':
        return this.#heldBack(desk.placeWorkingOrder(request.body), 'workingOrder');
      case 'PUT workingorders/:id':
        return desk.amendWorkingOrder(id, request.body);
      case 'DELETE workingorders/:id':
        return desk.deleteWorkingOrder(id);
      case 'GET confirms/:id':
        return this.#confirm(desk, id);
      default:
        return refuse(404, 'error.not-found.path');
    }
  }

  /**
   * The answer to a deal request, held back when the test asked for a late one. Only a request that
   * went through (200) takes the delay; one refused on the spot leaves it for the next.
   */
  #heldBack(reply: Reply, deal: 'position' | 'workingOrder'): Reply {
    if (reply.status !== 200) return reply;
    const delayMs = deal === 'position' ? this.#positionAnswerDelayMs : this.#workingOrderAnswerDelayMs;
    if (deal === 'position') this.#positionAnswerDelayMs = 0;
    else this.#workingOrderAnswerDelayMs = 0;
    return { ...reply, delayMs };
  }

  #logIn(request: FakeRequest): Reply {
    const apiKey = request.headers['x-cap-api-key'];
    if (typeof apiKey !== 'string' || apiKey === '') return refuse(400, 'error.null.api.key');
    const state = this.#revoked.has(apiKey) ? undefined : this.#accounts.get(apiKey);
    if (!state) return refuse(401, 'error.invalid.api.key');
    if (!this.#logins.admit(apiKey)) return refuse(429, 'error.too-many.requests');
    const body = request.body as { identifier?: unknown; password?: unknown } | null;
    if (body?.identifier !== state.account.identifier || body.password !== state.account.password) {
      return refuse(401, 'error.invalid.details');
    }
    const session: FakeSession = {
      cst: randomUUID(),
      securityToken: randomUUID(),
      state,
      lastUsedAt: this.#now(),
    };
    this.#sessions.set(session.cst, session);
    return {
      status: 200,
      headers: { CST: session.cst, 'X-SECURITY-TOKEN': session.securityToken },
      body: sessionJson(state.accountId),
    };
  }

  #sessionDetails(state: AccountState) {
    const { clientId, timezoneOffset } = sessionJson(state.accountId);
    return {
      clientId,
      accountId: state.accountId,
      timezoneOffset,
      locale: 'en',
      currency: 'EUR',
      streamEndpoint: 'ws://127.0.0.1/',
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
    const now = this.#now();
    if (now - session.lastUsedAt > this.#sessionIdleMs) {
      this.#sessions.delete(session.cst);
      return null;
    }
    session.lastUsedAt = now;
    return session;
  }

  /**
   * `{leverages: {GROUP: n}, hedgingMode}`: a leverage the group does not offer is the documented
   * 400 `error.invalid.leverage.value`. Leverages are not kept (the fake has no margin).
   */
  #setPreferences(state: AccountState, rawBody: unknown): Reply {
    const body = (rawBody ?? {}) as { leverages?: Record<string, unknown>; hedgingMode?: unknown };
    for (const [group, value] of Object.entries(body.leverages ?? {})) {
      const offered: number[] | undefined = LEVERAGES[group as keyof typeof LEVERAGES]?.available;
      if (typeof value !== 'number' || !offered?.includes(value))
        return refuse(400, 'error.invalid.leverage.value');
    }
    if (typeof body.hedgingMode === 'boolean') state.hedgingMode = body.hedgingMode;
    return ok({ status: 'SUCCESS' });
  }

  /** searchTerm wins over epics; neither lists every market. */
  #searchMarkets(query: URLSearchParams): Reply {
    const term = query.get('searchTerm')?.toLowerCase();
    const moments = [...this.#markets.keys()].flatMap((epic) => this.#moment(epic) ?? []);
    if (term !== undefined) {
      const found = moments.filter(({ market }) =>
        `${market.epic} ${market.instrumentName}`.toLowerCase().includes(term),
      );
      return ok({ markets: found.map(marketRowJson) });
    }
    const epics = query.get('epics')?.split(',');
    if (epics) {
      return ok({
        marketDetails: moments.filter(({ market }) => epics.includes(market.epic)).map(marketDetailsJson),
      });
    }
    return ok({ markets: moments.map(marketRowJson) });
  }

  #positionJson(position: FakePosition) {
    return positionJson(position, this.#moment(position.epic));
  }

  #confirm(desk: FakeDesk, reference: string): Reply {
    const confirm = desk.confirms.get(reference);
    if (!confirm || this.#hiddenConfirms > 0) {
      this.#hiddenConfirms = Math.max(0, this.#hiddenConfirms - 1);
      return refuse(404, 'error.not-found.dealReference');
    }
    return ok(confirm);
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
