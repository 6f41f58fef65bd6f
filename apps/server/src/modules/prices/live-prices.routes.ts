import { livePricesParamsSchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http';
import type { Guards } from '../../plugins/authentication';
import type { LivePricesService } from './live-prices.service';

export function livePricesRoutes(app: FastifyInstance, livePrices: LivePricesService, guards: Guards): void {
  app.get('/api/common/live-prices/:market', { preHandler: guards.authenticated }, (request) =>
    ok(livePrices.recent(parse(livePricesParamsSchema, request.params).market)),
  );
}
