// An investment's view (issue 36, point 2), owner or admin.
import { INVESTMENT_CHART_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf, type Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { InvestmentChartService } from './investment-chart.service';

export function investmentChartRoutes(
  app: FastifyInstance,
  charts: InvestmentChartService,
  guards: Guards,
): void {
  const route = routesFor(app, guards);

  route(INVESTMENT_CHART_API.chart, ({ request, params, query }) =>
    charts.chart(viewerOf(request), params.id, query),
  );
}
