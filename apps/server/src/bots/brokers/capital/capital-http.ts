// One REST call to Capital.com with Node's fetch: a deadline, JSON in and out, and the two ways it
// can fail kept apart: Capital.com refused (CapitalApiError, with its documented errorCode) or
// nobody knows what happened (BrokerError 'unavailable': timeout, network, unreadable answer).
// Neither error carries headers or bodies, so credentials and tokens never reach a message.
import * as z from 'zod';
import { BrokerError } from '../broker';

export type CapitalMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CapitalCall {
  method: CapitalMethod;
  /** Under the base URL, e.g. `/api/v1/positions`. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface CapitalAnswer {
  headers: Headers;
  body: unknown;
}

/** Capital.com answered with an error status; `errorCode` as documented (spec section 12). */
export class CapitalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    call: Pick<CapitalCall, 'method' | 'path'>,
  ) {
    super(`Capital.com ${call.method} ${call.path}: ${status} ${errorCode}`);
    this.name = 'CapitalApiError';
  }
}

const errorBodySchema = z.object({ errorCode: z.string() });

export async function callCapital(
  apiUrl: string,
  call: CapitalCall,
  timeoutMs: number,
): Promise<CapitalAnswer> {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${call.path}`);
  if (call.query) url.search = new URLSearchParams(call.query).toString();
  let status: number;
  let headers: Headers;
  let text: string;
  try {
    const response = await fetch(url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    headers = response.headers;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new BrokerError(
      timedOut
        ? `Capital.com non ha risposto entro ${Math.round(timeoutMs / 1000)} s (${call.method} ${call.path})`
        : `Capital.com non raggiungibile (${call.method} ${call.path})`,
      'unavailable',
    );
  }
  const body = parseJson(text);
  if (status < 200 || status > 299) {
    const refusal = errorBodySchema.safeParse(body);
    throw new CapitalApiError(status, refusal.success ? refusal.data.errorCode : `http.${status}`, call);
  }
  if (body === undefined) {
    throw new BrokerError(`Risposta illeggibile da Capital.com (${call.method} ${call.path})`, 'unavailable');
  }
  return { headers, body };
}

/** An empty body reads as null; text that is not JSON as undefined. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
