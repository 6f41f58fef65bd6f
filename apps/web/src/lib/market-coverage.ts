// What price data the server holds for a market (GET /api/common/marketdata), told in the
// backtest and analysis forms so users pick dates that have bars, and used to propose a period.
import { PERIOD_FIRST_DAY, PERIOD_LAST_DAY, type Market, type MarketDataSet } from '@platform/contracts';
import { formatDay } from './format';

const DAY_MS = 86_400_000;

const setsOf = (sets: readonly MarketDataSet[], market: Market) =>
  sets.filter((set) => set.market === market && set.rows > 0 && set.first !== null && set.last !== null);

/** e.g. 'Dati GOLD disponibili: 1m dal 03/07/2023 al 02/07/2025.' */
export function coverageHint(sets: readonly MarketDataSet[], market: Market): string {
  const stored = setsOf(sets, market);
  if (stored.length === 0) return `Nessun dato di prezzo caricato per ${market}.`;
  const spans = stored
    .toSorted((a, b) => a.timeframe.localeCompare(b.timeframe))
    .map((set) => `${set.timeframe} dal ${formatDay(set.first ?? '')} al ${formatDay(set.last ?? '')}`);
  return `Dati ${market} disponibili: ${spans.join('; ')}.`;
}

export interface Period {
  from: string;
  to: string;
}

/**
 * The last `days` days of the market's minute data (else its daily data) within the product's
 * span, so a new form starts on dates that have bars; empty when nothing is stored.
 */
export function suggestedPeriod(sets: readonly MarketDataSet[], market: Market, days = 7): Period {
  const stored = setsOf(sets, market);
  const set = stored.find((candidate) => candidate.timeframe === '1m') ?? stored[0];
  if (!set?.first || !set.last) return { from: '', to: '' };
  const first = maxDay(set.first.slice(0, 10), PERIOD_FIRST_DAY);
  const to = minDay(set.last.slice(0, 10), PERIOD_LAST_DAY);
  if (first > to) return { from: '', to: '' };
  const from = maxDay(
    new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    first,
  );
  return { from, to };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);
