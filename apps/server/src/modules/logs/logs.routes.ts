import { logsPageQuerySchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http';
import { viewerOf, type Guards } from '../../plugins/authentication';
import type { LogsService } from './logs.service';

export function logsRoutes(app: FastifyInstance, logs: LogsService, guards: Guards): void {
  app.get('/api/common/logs', { preHandler: guards.authenticated }, async (request) => {
    return ok(await logs.list(viewerOf(request), parse(logsPageQuerySchema, request.query)));
  });

  app.get('/api/common/logs/count', { preHandler: guards.authenticated }, async (request) => {
    return ok(await logs.count(viewerOf(request)));
  });
}
