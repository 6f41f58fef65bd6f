// Every request has an id: the caller's X-Request-Id when it is well formed (a proxy or a client
// that traces its calls), else a new UUID. Fastify puts it on every line of request.log (as
// `reqId`) and the answer carries it back in X-Request-Id, so a user's report and the log meet.
// A malformed or oversized header is ignored, never echoed: it would let a caller write what it
// likes into the log lines and the response headers.
//
// Services log through loggers handed to them at start (the security log, the weather client,
// the outbox mailer). requestAwareLogger gives them one that writes through the request's own
// logger while a request runs, so their lines carry the id too; outside requests (jobs, timers)
// it writes through the one it wraps.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from '../lib/logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `. _ : -`, 1 to 128 of them: UUIDs, ULIDs, hex trace ids and the like. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the incoming id when well formed, else a new one. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();
/** Re-entered before validation: a body read from the socket's events has left the request's context. */
const scopes = new WeakMap<FastifyRequest, AsyncResource>();
/** Fastify reads no body for these: their hooks run on, in the context, up to the handler. */
const WITHOUT_BODY = new Set(['GET', 'HEAD']);

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestLogs.run(request.log, () => {
      // The polled lists are GETs: no scope to keep for them (about 1% of such a call).
      if (!WITHOUT_BODY.has(request.method)) scopes.set(request, new AsyncResource('request-log'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

/** A logger that writes through the current request's logger (with its id), or `fallback` outside requests. */
export function requestAwareLogger(fallback: Logger): Logger {
  const current = () => requestLogs.getStore() ?? fallback;
  return {
    debug: (fields, message) => current().debug(fields, message),
    info: (fields, message) => current().info(fields, message),
    warn: (fields, message) => current().warn(fields, message),
    error: (fields, message) => current().error(fields, message),
  };
}
