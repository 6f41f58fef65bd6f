// Every failure leaves as the envelope {ok: false, error} with a 4xx status and a clear message,
// or a 500 that hides the internals. Routes throw; only this file shapes the error answer.
import { HTTP_MESSAGES, SESSION_MESSAGES, validationMessage } from '@platform/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { loggableError } from '../lib/database-errors';
import { AppError } from '../lib/errors';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_MAX_PARAM_LENGTH: HTTP_MESSAGES.urlTooLong,
  FST_ERR_BAD_URL: HTTP_MESSAGES.badUrl,
};

const STATUS_MESSAGES: Record<number, string> = {
  401: SESSION_MESSAGES.unauthenticated,
  403: SESSION_MESSAGES.forbidden,
  404: HTTP_MESSAGES.notFound,
  413: HTTP_MESSAGES.bodyTooLarge,
  415: HTTP_MESSAGES.unsupportedMediaType,
  429: HTTP_MESSAGES.tooManyRequests,
};

function replyToError(
  error: FastifyError | AppError | z.ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send({ ok: false, error: error.message, ...error.extra });
  }
  if (error instanceof z.ZodError) {
    return reply.status(400).send({ ok: false, error: validationMessage(error) });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(500).send({ ok: false, error: HTTP_MESSAGES.internal });
  }
  const message = FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? 'Richiesta non valida.';
  return reply.status(status).send({ ok: false, error: message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyToError);
}

/**
 * Fastify's frameworkErrors: the router's own refusals (a path parameter longer than it allows, a
 * malformed escape) skip every hook, so they bring the headers the hooks give an API answer.
 */
export function replyToRouterRefusal(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void replyToError(
    error,
    request,
    reply.headers({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    }),
  );
}
