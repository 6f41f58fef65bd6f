// Every endpoint of the API, by part: what the server registers, what the authorization matrix
// and the route catalog check, what the OpenAPI document lists.
import { ACCOUNTS_API } from './accounts';
import { ALERTS_API } from './alerts';
import { ALGORITHMS_API } from './algorithms';
import { ANALYSES_API } from './analyses';
import { AUTH_API } from './auth';
import { BACKTESTS_API } from './backtests';
import { DOCS_API } from './docs';
import type { Endpoint } from './endpoint';
import { EQUITY_CURVE_API } from './equity-curve';
import { HEALTH_API } from './health';
import { INSTRUMENTS_API } from './instruments';
import { INVESTMENT_CHART_API } from './investment-chart';
import { INVESTMENTS_API } from './investments';
import { LIVE_PRICES_API } from './live-prices';
import { LOGS_API } from './logs';
import { MARKETDATA_API } from './marketdata';
import { STATEMENTS_API } from './statements';
import { TRANSACTIONS_API } from './transactions';
import { USERS_API } from './users';
import { WEATHER_API } from './weather';

export const API = {
  accounts: ACCOUNTS_API,
  alerts: ALERTS_API,
  algorithms: ALGORITHMS_API,
  analyses: ANALYSES_API,
  auth: AUTH_API,
  backtests: BACKTESTS_API,
  docs: DOCS_API,
  equityCurve: EQUITY_CURVE_API,
  health: HEALTH_API,
  instruments: INSTRUMENTS_API,
  investmentChart: INVESTMENT_CHART_API,
  investments: INVESTMENTS_API,
  livePrices: LIVE_PRICES_API,
  logs: LOGS_API,
  marketdata: MARKETDATA_API,
  statements: STATEMENTS_API,
  transactions: TRANSACTIONS_API,
  users: USERS_API,
  weather: WEATHER_API,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, each with the name it has in API ('accounts.add'). */
export const ENDPOINTS: readonly (Endpoint & { name: string })[] = Object.entries(API).flatMap(
  ([part, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, declared]) => ({
      ...declared,
      name: `${part}.${name}`,
    })),
);
