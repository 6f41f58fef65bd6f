// An investment's view (issue 36, point 2): its market's prices with the bot's entries and exits,
// its equity, open positions and transactions, in one call. Asked again every 5 s while the view
// is open, the pace of the investments list, so a fill shows as a marker without a reload.
import { INVESTMENT_CHART_API, INVESTMENT_CHART_REFRESH_MS } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getInvestmentChart = (investmentId: string) =>
  callApi(INVESTMENT_CHART_API.chart, { params: { id: investmentId } });

export const investmentChartQuery = (investmentId: string) =>
  queryOptions({
    queryKey: ['investments', investmentId, 'chart'] as const,
    queryFn: () => getInvestmentChart(investmentId),
    refetchInterval: INVESTMENT_CHART_REFRESH_MS,
  });

export const useInvestmentChart = (investmentId: string) => useQuery(investmentChartQuery(investmentId));
