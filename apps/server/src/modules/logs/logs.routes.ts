import { LOGS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { LogsService } from './logs.service';

export function logsRoutes(app: FastifyInstance, logs: LogsService, guards: Guards): void {
  const route = routesFor(app, guards);

  route(LOGS_API.list, ({ request, query }) => logs.list(viewerOf(request), query));

  route(LOGS_API.count, ({ request }) => logs.count(viewerOf(request)));
}
