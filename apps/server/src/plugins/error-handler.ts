// Every failure leaves as the envelope {ok: false, error} with a 4xx status and a clear message,
// or a 500 that hides the internals. Routes throw; only this file shapes the error answer.
import { HTTP_MESSAGES, SESSION_MESSAGES, validationMessage } from '@platform/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import * as z from 'zod';
import { AppError } from '../lib/errors';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedMediaType,
};

const STATUS_MESSAGES: Record<number, string> = {
  401: SESSION_MESSAGES.unauthenticated,
  403: SESSION_MESSAGES.forbidden,
  404: HTTP_MESSAGES.notFound,
  413: HTTP_MESSAGES.bodyTooLarge,
  415: HTTP_MESSAGES.unsupportedMediaType,
  429: HTTP_MESSAGES.tooManyRequests,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | z.ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ ok: false, error: error.message, ...error.extra });
    }
    if (error instanceof z.ZodError) {
      return reply.status(400).send({ ok: false, error: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ ok: false, error: HTTP_MESSAGES.internal });
    }
    const message = FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? 'Richiesta non valida.';
    return reply.status(status).send({ ok: false, error: message });
  });

}
