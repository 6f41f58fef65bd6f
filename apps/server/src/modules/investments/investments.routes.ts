import { INVESTMENTS_API } from '@platform/contracts';
import { originOf, viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { InvestmentsService } from './investments.service';

export function investmentsRoutes(route: DeclareRoute, investments: InvestmentsService): void {
  route(INVESTMENTS_API.list, ({ request }) => investments.list(viewerOf(request)));

  route(INVESTMENTS_API.add, ({ request, body }) =>
    investments.create(viewerOf(request), body, originOf(request)),
  );

  route(INVESTMENTS_API.edit, ({ request, params, body }) =>
    investments.update(viewerOf(request), params.id, body, originOf(request)),
  );

  // Its bot stopped or started again (issue 32): positions are left as they are.
  route(INVESTMENTS_API.start, ({ request, params }) =>
    investments.start(viewerOf(request), params.id, originOf(request)),
  );

  route(INVESTMENTS_API.stop, ({ request, params }) =>
    investments.stop(viewerOf(request), params.id, originOf(request)),
  );

  route(INVESTMENTS_API.requestDeletion, ({ request, params }) =>
    investments.requestDeletion(viewerOf(request), params.id, originOf(request)),
  );
}
