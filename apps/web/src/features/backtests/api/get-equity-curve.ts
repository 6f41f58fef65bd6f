// A result row's balance and equity curve (issue 36): computed by the server when asked, never
// stored. A finished backtest never changes, so a curve once loaded stays fresh.
import { EQUITY_CURVE_API } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getEquityCurve = (backtestId: string, row: number) =>
  callApi(EQUITY_CURVE_API.curve, { params: { id: backtestId, row } });

export const equityCurveQuery = (backtestId: string, row: number) =>
  queryOptions({
    queryKey: ['backtest', backtestId, 'equity-curve', row] as const,
    queryFn: () => getEquityCurve(backtestId, row),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useEquityCurve = (backtestId: string, row: number) =>
  useQuery(equityCurveQuery(backtestId, row));
