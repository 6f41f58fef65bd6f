// Registers a route from its endpoint's declaration in contracts: the method and path, the guard
// its access names, the parsing of its path parameters, query and body with its schemas (a bad
// value is a 400 with the schema's message), and the envelope around what the handler returns.
// A raw endpoint (a file, the API's document) sends its own answer through the reply. A list the
// database wrote as JSON (lib/json-list.ts) goes into the envelope as the text it is.
import { isRaw, type Access, type DataOf, type Endpoint } from '@platform/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type * as z from 'zod';
import { ok, parse } from '../lib/http';
import { JsonText } from '../lib/json-list';
import type { Guards } from './authentication';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What the handler gives back: the envelope's data, or for a raw endpoint the reply it sent. */
type Answer<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']> | DataOf<E> | JsonText<DataOf<E>>
  : FastifyReply;

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Answer<E> | Promise<Answer<E>>;

/** Fastify's per-route settings: config (e.g. { rateLimit }), bodyLimit and logLevel. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'logLevel'>;

function guardOf(access: Access, guards: Guards): preHandlerAsyncHookHandler | undefined {
  switch (access) {
    case 'public':
      return undefined;
    case 'optional-session':
      return guards.optional;
    case 'signed-in':
      return guards.authenticated;
    case 'otp-setup':
      return guards.sessionOrOtpSetup;
    case 'admin':
      return guards.roles('admin');
  }
}

/** What Fastify names an answer it serializes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

const parseIf = (schema: Endpoint['body'], input: unknown) =>
  schema === undefined || schema === 'multipart' ? undefined : parse(schema, input);

/**
 * The app's route registrar: the app builds one after authentication and hands it to every routes
 * module, so a module names its endpoints and handlers, never the guards.
 */
export interface DeclareRoute {
  <E extends Endpoint>(endpoint: E, handle: RouteHandler<E>, options?: RouteOptions): void;
  /** The same registrar for a child scope, one with plugins of its own (the upload's multipart). */
  within(scope: FastifyInstance): DeclareRoute;
}

/** The route registrar of a Fastify scope, with the app's guards. */
export function routesFor(app: FastifyInstance, guards: Guards): DeclareRoute {
  const route = <E extends Endpoint>(endpoint: E, handle: RouteHandler<E>, options: RouteOptions = {}) => {
    const preHandler = guardOf(endpoint.access, guards);
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(preHandler ? { preHandler } : {}),
      ...options,
      handler: async (request, reply) => {
        const input = {
          params: parseIf(endpoint.params, request.params),
          query: parseIf(endpoint.query, request.query),
          body: parseIf(endpoint.body, request.body),
          request,
          reply,
        } as RouteInput<E>;
        const answer = await handle(input);
        if (answer instanceof JsonText)
          return reply.type(JSON_TYPE).send(`{"ok":true,"data":${answer.json}}`);
        return isRaw(endpoint.response) ? answer : ok(answer);
      },
    });
  };
  return Object.assign(route, { within: (scope: FastifyInstance) => routesFor(scope, guards) });
}
