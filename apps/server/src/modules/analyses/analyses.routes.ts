import { ANALYSES_API } from '@platform/contracts';
import { originOf, viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { AnalysesService } from './analyses.service';

export function analysesRoutes(route: DeclareRoute, analyses: AnalysesService): void {
  route(ANALYSES_API.list, ({ request }) => analyses.list(viewerOf(request)));

  route(ANALYSES_API.create, ({ request, body }) =>
    analyses.create(viewerOf(request), body, originOf(request)),
  );

  route(ANALYSES_API.remove, async ({ request, params }) => {
    await analyses.remove(viewerOf(request), params.id, originOf(request));
    return null;
  });
}
