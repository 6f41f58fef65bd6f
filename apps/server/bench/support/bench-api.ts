// The server a bench talks to over HTTP: the app built on the bench's database, listening on
// loopback, an admin logged in, and a GOLD and an EURUSD algorithm to upload price files to.
import {
  urlOf,
  type BodyOf,
  type DataOf,
  type Endpoint,
  type Market,
  type ParamsOf,
  type QueryOf,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import type { DatabaseHandle } from '@platform/db';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app';
import type { EngineExecutor } from '../../src/engine-pool/engine-executor';
import type { Mailer } from '../../src/lib/mailer';
import type { LiveCandleSource } from '../../src/modules/prices/live-candles';
import { BENCH_PASSWORD, insertBenchAdmin } from './bench-admin';

/** What a call sends, as its endpoint declares it; an upload's body is the multipart form. */
export interface BenchRequest<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: E['body'] extends 'multipart' ? FormData : BodyOf<E>;
}

export interface BenchApi {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** A call answered in the envelope: its data, or an Error with the server's message. */
  call: <E extends Endpoint>(endpoint: E, request?: BenchRequest<E>, token?: string) => Promise<DataOf<E>>;
  /** The admin's username and access token. */
  username: string;
  token: string;
  algorithms: Map<Market, string>;
  /** Where the server listens, http://127.0.0.1:PORT. */
  base: string;
}

export interface BenchAppOptions {
  database: DatabaseHandle;
  marketDataDir: string;
  executor: EngineExecutor;
  /** Given when the bench signs tokens or seals credentials of its own; random otherwise. */
  jwtSecret?: string;
  encryptionKey?: string;
  /** Without one the app logs nothing. */
  logger?: FastifyBaseLogger;
  liveCandles?: LiveCandleSource;
}

/** The app on the bench's database, listening on a loopback port: http://127.0.0.1:PORT. */
export async function listenBenchApp(
  options: BenchAppOptions,
): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; base: string }> {
  const noMail: Mailer = { send: () => Promise.resolve() };
  const app = await buildApp({
    database: options.database,
    mailer: noMail,
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
    encryptionKey: options.encryptionKey ?? randomBytes(32).toString('hex'),
    publicUrl: 'http://127.0.0.1',
    marketDataDir: options.marketDataDir,
    executor: options.executor,
    otpRequiredFor: [],
    maxJobsPerUser: 100,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.liveCandles ? { liveCandles: options.liveCandles } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

export async function startBenchApi(options: BenchAppOptions): Promise<BenchApi> {
  const { app, base } = await listenBenchApp(options);
  const username = await insertBenchAdmin(options.database.db);
  const call = async <E extends Endpoint>(
    endpoint: E,
    { params, query, body }: BenchRequest<E> = {},
    token?: string,
  ): Promise<DataOf<E>> => {
    const path = urlOf(endpoint, params, query);
    const response = await fetch(`${base}${path}`, {
      method: endpoint.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { ok: boolean; data: DataOf<E>; error?: string };
    if (!answer.ok) throw new Error(`${endpoint.method} ${path}: ${answer.error}`);
    return answer.data;
  };
  const session = await call(API.auth.login, { body: { username, password: BENCH_PASSWORD } });
  // The app is built with no role bound to 2FA: a login answers the session.
  if (!('jwt' in session)) throw new Error('the bench admin was asked to set up 2FA');
  const token = session.jwt;
  const algorithms = new Map<Market, string>();
  for (const market of ['GOLD', 'EURUSD'] as const) {
    const created = await call(
      API.algorithms.add,
      { body: { name: `Grid ${market}`, description: 'Bench', minCapital: 1000, market } },
      token,
    );
    algorithms.set(market, created._id);
  }
  return { app, call, username, token, algorithms, base };
}
