import { ALGORITHMS_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { caller, originOf, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { AlgorithmsService } from './algorithms.service';

/** Listed for everyone (the investment and backtest forms need them); changed by admins only. */
export function algorithmsRoutes(app: FastifyInstance, algorithms: AlgorithmsService, guards: Guards): void {
  const route = routesFor(app, guards);

  route(ALGORITHMS_API.list, () => algorithms.list());

  route(ALGORITHMS_API.add, ({ request, body }) => algorithms.create(caller(request).user.id, body, originOf(request)));

  route(ALGORITHMS_API.edit, ({ request, params, body }) =>
    algorithms.update(caller(request).user.id, params.id, body, originOf(request)),
  );
}
