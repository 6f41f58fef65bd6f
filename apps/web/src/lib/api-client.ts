// The one place the app talks HTTP (product-spec.md section 7): JSON in and out, the bearer of
// the session, a 30 s timeout, the {ok, data} / {ok: false, error} envelope read once, and a
// single error type for every failure. A 401 on a call made with the session's token means the
// session is gone server-side, so the registered handler logs out.
import {
  ERROR_CODES,
  urlOf,
  type BodyOf,
  type DataOf,
  type Endpoint,
  type ErrorCode,
  type ParamsOf,
  type QueryOf,
} from '@platform/contracts';
import * as z from 'zod';
import { sessionStore } from './session/session-store';

const TIMEOUT_MS = 30_000;

export const NETWORK_MESSAGES = {
  offline: 'Impossibile contattare il server. Controlla la connessione e riprova.',
  timeout: 'Il server non ha risposto entro 30 secondi. Riprova.',
  badResponse: 'Risposta non valida dal server.',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer arrived (network failure or timeout). */
    readonly status: number,
    readonly requiresOtp = false,
    /** What the refusal means, when the client acts on it (contracts' ERROR_CODES). */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }

  /** The server answered with a refusal it explained (as opposed to failing or not answering). */
  get isRefusal(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** 'session': the logged-in bearer; 'none': anonymous; bearer: a token that is not (yet) the session's. */
export type RequestAuth = 'session' | 'none' | { bearer: string };

export interface RequestOptions<T> {
  method?: Endpoint['method'];
  body?: unknown;
  /** The contract's schema of data; the answer is checked against it. */
  schema: z.ZodType<T>;
  auth?: RequestAuth;
}

let onSessionRejected: () => void = () => undefined;

/** Set by the session provider: what to do when the server no longer accepts the session. */
export function setSessionRejectedHandler(handler: () => void): void {
  onSessionRejected = handler;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, auth = 'session' } = options;
  const sessionJwt = auth === 'session' ? sessionStore.getSnapshot()?.jwt : undefined;
  const bearer = typeof auth === 'object' ? auth.bearer : sessionJwt;

  const headers: Record<string, string> = { accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? NETWORK_MESSAGES.timeout : NETWORK_MESSAGES.offline, 0);
  }

  const json: unknown = await response.json().catch(() => undefined);
  return settleAnswer({ status: response.status, json, schema, sessionJwt });
}

/** What a call sends: the parts its endpoint declares, params and body required when declared. */
export type CallInput<E extends Endpoint> = (E extends { params: object }
  ? { params: ParamsOf<E> }
  : unknown) &
  (E extends { query: object } ? { query?: QueryOf<E> } : unknown) &
  (E extends { body: object } ? { body: BodyOf<E> } : unknown) & { auth?: RequestAuth };

/** The input may be left out when the endpoint needs neither params nor a body. */
type CallArguments<E extends Endpoint> = E extends { params: object } | { body: object }
  ? [input: CallInput<E>]
  : [input?: CallInput<E>];

/** Calls an endpoint declared in contracts: its method, its URL, and its answer checked by its schema. */
export function callApi<E extends Endpoint & { response: z.ZodType }>(
  endpoint: E,
  ...[input]: CallArguments<E>
): Promise<DataOf<E>> {
  const { params, query, body, auth } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    auth?: RequestAuth;
  };
  return apiRequest(urlOf<Endpoint>(endpoint, params, query), {
    method: endpoint.method,
    body,
    schema: endpoint.response as z.ZodType<DataOf<E>>,
    auth,
  });
}

export interface Answer<T> {
  status: number;
  /** The parsed body; undefined when it was not JSON. */
  json: unknown;
  schema: z.ZodType<T>;
  /** The session token the call was made with, if any. */
  sessionJwt: string | undefined;
}

/**
 * Reads an answer that arrived, whichever transport carried it (fetch here, XMLHttpRequest for
 * uploads with progress): the session check, the envelope and the contract's schema.
 */
export function settleAnswer<T>({ status, json, schema, sessionJwt }: Answer<T>): T {
  // Only the current session's token: a stale or pending token failing says nothing about it.
  if (status === 401 && sessionJwt && sessionStore.getSnapshot()?.jwt === sessionJwt) onSessionRejected();
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new ApiError(NETWORK_MESSAGES.badResponse, status);
  if (!envelope.data.ok) {
    const { error, requiresOtp, code } = envelope.data;
    throw new ApiError(error, status, requiresOtp === true, code);
  }
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) throw new ApiError(NETWORK_MESSAGES.badResponse, status);
  return data.data;
}

const envelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.string(),
    requiresOtp: z.literal(true).optional(),
    code: z.enum(ERROR_CODES).optional(),
  }),
]);
