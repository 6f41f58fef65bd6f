// An investment's view (issue 36, point 2), owner or admin.
import { INVESTMENT_CHART_API } from '@platform/contracts';
import { viewerOf } from '../../plugins/authentication';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { InvestmentChartService } from './investment-chart.service';

export function investmentChartRoutes(route: DeclareRoute, charts: InvestmentChartService): void {
  route(INVESTMENT_CHART_API.chart, ({ request, params, query }) =>
    charts.chart(viewerOf(request), params.id, query),
  );
}
