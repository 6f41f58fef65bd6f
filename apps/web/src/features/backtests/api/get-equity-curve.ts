// A result row's balance and equity curve (issue 36): computed by the server when asked, never
// stored. A finished backtest never changes, so a curve once loaded stays fresh.
import { equityCurvePath, equityCurveSchema } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getEquityCurve = (backtestId: string, row: number) =>
  apiRequest(equityCurvePath(backtestId, row), { schema: equityCurveSchema });

export const equityCurveQuery = (backtestId: string, row: number) =>
  queryOptions({
    queryKey: ['backtest', backtestId, 'equity-curve', row] as const,
    queryFn: () => getEquityCurve(backtestId, row),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEquityCurve = (backtestId: string, row: number) =>
  useQuery(equityCurveQuery(backtestId, row));
