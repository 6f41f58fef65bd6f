import { ALGORITHMS_API } from '@platform/contracts';
import { caller, originOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { AlgorithmsService } from './algorithms.service';

/** Listed for everyone (the investment and backtest forms need them); changed by admins only. */
export function algorithmsRoutes(route: DeclareRoute, algorithms: AlgorithmsService): void {
  route(ALGORITHMS_API.list, () => algorithms.list());

  route(ALGORITHMS_API.add, ({ request, body }) =>
    algorithms.create(caller(request).user.id, body, originOf(request)),
  );

  route(ALGORITHMS_API.edit, ({ request, params, body }) =>
    algorithms.update(caller(request).user.id, params.id, body, originOf(request)),
  );
}
