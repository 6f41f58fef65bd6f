import { LIVE_PRICES_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { LivePricesService } from './live-prices.service';

export function livePricesRoutes(app: FastifyInstance, livePrices: LivePricesService, guards: Guards): void {
  const route = routesFor(app, guards);

  route(LIVE_PRICES_API.recent, ({ params }) => livePrices.recent(params.market));
}
