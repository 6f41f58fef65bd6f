// Each call of the API declared once (issue 33): its method and path, the schemas of its path
// parameters, query and body, the schema of the data its envelope answers, and who may call it.
// The server registers its routes from these objects, the web calls them by object, the tests and
// benches build their requests from them, and the OpenAPI document at /api/docs is made of them.
import type * as z from 'zod';

/** Every endpoint's path starts here; the rest of the site (pages, assets) lies outside it. */
export const API_PREFIX = '/api/';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call:
 * - public: anyone, anonymous included;
 * - optional-session: anyone; a session's token, when sent, is read (logout ends that session);
 * - signed-in: a logged-in, approved user of any role;
 * - otp-setup: a signed-in user, or the holder of the 2FA setup token a login handed out;
 * - admin: a signed-in admin.
 */
export type Access = 'public' | 'optional-session' | 'signed-in' | 'otp-setup' | 'admin';

/** An answer outside the envelope: a file (CSV, PDF) or a document read by tools, of this type. */
export interface RawAnswer {
  raw: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's syntax: `:name` for a path parameter. */
  path: `/api/${string}`;
  access: Access;
  /** One line for the API's documentation. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body's schema, or 'multipart' for a file upload (multipart/form-data). */
  body?: z.ZodType | 'multipart';
  /** The schema of the envelope's data, or the type of a raw answer. */
  response: z.ZodType | RawAnswer;
}

/** Declares an endpoint, keeping its literal types for the server, the web and the tests. */
export function endpoint<const Spec extends Endpoint>(spec: Spec): Spec {
  return spec;
}

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

/** What a caller sends as path parameters: the params schema's input. */
export type ParamsOf<E extends Endpoint> = InputOf<E['params']>;
export type QueryOf<E extends Endpoint> = InputOf<E['query']>;
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;
/** The envelope's data as the caller reads it. */
export type DataOf<E extends Endpoint> = OutputOf<E['response']>;

/** Whether the answer is a file or a document outside the envelope. */
export function isRaw(response: Endpoint['response']): response is RawAnswer {
  return 'raw' in response && typeof response.raw === 'string';
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of a call: path parameters filled in (encoded), the query appended in its order; values
 * left undefined or null stay out.
 */
export function urlOf<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, query?: QueryOf<E>): string {
  const values = (params ?? {}) as Record<string, QueryValue>;
  const filled = endpoint.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null)
      throw new Error(`${endpoint.path}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  const text = Object.entries((query ?? {}) as Record<string, QueryValue>)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `${filled}?${text}` : filled;
}

/**
 * The method and URL of a call, as request libraries take them (Fastify's inject, fetch,
 * autocannon). The parameters' names are the endpoint's, their values anything: tests send what
 * the schemas refuse too.
 */
export function requestOf<E extends Endpoint>(
  endpoint: E,
  params?: { [Name in keyof ParamsOf<E>]: QueryValue },
  query?: Record<string, QueryValue>,
): { method: E['method']; url: string } {
  return { method: endpoint.method, url: urlOf<Endpoint>(endpoint, params, query) };
}
