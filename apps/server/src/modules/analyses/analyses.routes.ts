import { ANALYSES_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { originOf, viewerOf, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { AnalysesService } from './analyses.service';

export function analysesRoutes(app: FastifyInstance, analyses: AnalysesService, guards: Guards): void {
  const route = routesFor(app, guards);

  route(ANALYSES_API.list, ({ request }) => analyses.list(viewerOf(request)));

  route(ANALYSES_API.create, ({ request, body }) => analyses.create(viewerOf(request), body, originOf(request)));

  route(ANALYSES_API.remove, async ({ request, params }) => {
    await analyses.remove(viewerOf(request), params.id, originOf(request));
    return null;
  });
}
