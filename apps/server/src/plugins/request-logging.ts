// Request log lines name the path, never the query string: a reset link's ?token= arrives as a
// page request, and calls carry ciphertexts, hashes and coordinates there. Fastify logs each
// request through the `req` serializer; a child logger with this one replaces its default.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
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
