// GET /api/common/investments/:id/chart: an investment's view (issue 36, point 2), owner or admin.
import {
  INVESTMENT_CHART_ROUTE,
  investmentChartParamsSchema,
  investmentChartQuerySchema,
} from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http';
import { viewerOf, type Guards } from '../../plugins/authentication';
import type { InvestmentChartService } from './investment-chart.service';

export function investmentChartRoutes(
  app: FastifyInstance,
  charts: InvestmentChartService,
  guards: Guards,
): void {
  app.get(INVESTMENT_CHART_ROUTE, { preHandler: guards.authenticated }, async (request) => {
    const { id } = parse(investmentChartParamsSchema, request.params);
    const query = parse(investmentChartQuerySchema, request.query);
    return ok(await charts.chart(viewerOf(request), id, query));
  });
}
