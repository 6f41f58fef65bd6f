// Request log lines name the path, never the query string: a reset link's ?token= arrives as a
// page request, and calls carry ciphertexts, hashes and coordinates there. Fastify logs each
// request through the `req` serializer; a child logger with this one replaces its default.
//
// One line per request, written once it is answered: what Fastify's 'incoming request' line
// told (method, path, address) goes on its 'request completed' line beside the status and the
// time taken. Under the dashboards' polling the first line was half the logging's cost (a CPU
// profile, docs/benchmarks.md) for nothing a reader needs: a request that never completes is
// told by its error line, or by the shutdown's.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pathOf } from '../lib/request-path';

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

export function withSafeRequestLog(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: serializeRequest } });
}

/** Fastify's logController: the request's one line at its end, none at its start. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
