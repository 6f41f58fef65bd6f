// Which Capital.com epic trades each of our markets, its dealing rules, and whether it trades now
// (spec/capital-api.md section 4). GOLD's epic is in Capital.com's own examples; US100 and EURUSD
// come from third-party code, and one report saw US100 missing on demo while a search for
// "US Tech 100" found it, so the Nasdaq falls back to that search. Sizes, steps and distances are
// not documented per instrument: they are read from the market's dealing rules at start.
import type { Market } from '@platform/contracts';
import { BrokerError, type MarketClosure } from '../broker';
import { CapitalApiError } from './capital-http';
import type { CapitalLink } from './capital-link';
import { callFailed } from './capital-problems';
import { type DealingRules } from './capital-sizes';
import { type MarketDetails, marketDetailsSchema, marketSearchSchema, parseAnswer } from './capital-schemas';
import { nextOpening } from './opening-hours';

export interface CapitalMarket {
  epic: string;
  rules: DealingRules;
}

interface EpicChoice {
  epic: string;
  /** The instrument's name, searched for when the epic is unknown to the account's server. */
  searchName?: string;
}

export const EPICS: Record<Market, EpicChoice> = {
  GOLD: { epic: 'GOLD' },
  NASDAQ: { epic: 'US100', searchName: 'US Tech 100' },
  EURUSD: { epic: 'EURUSD' },
};

/** The market's epic and dealing rules; throws 'not-tradable' for an instrument the account cannot trade. */
export async function resolveMarket(link: CapitalLink, market: Market): Promise<CapitalMarket> {
  const choice = EPICS[market];
  let details = await readMarket(link, choice.epic);
  if (!details && choice.searchName) {
    const found = await searchEpic(link, choice.searchName);
    if (found) details = await readMarket(link, found);
  }
  if (!details) {
    throw new BrokerError(
      `Lo strumento ${market} non è disponibile su questo conto Capital.com`,
      'not-tradable',
    );
  }
  const { instrument, dealingRules, snapshot } = details;
  const minDealSize = dealingRules.minDealSize.value;
  return {
    epic: instrument.epic,
    rules: {
      lotSize: instrument.lotSize ?? 1,
      minDealSize,
      maxDealSize: dealingRules.maxDealSize?.value ?? Number.POSITIVE_INFINITY,
      sizeStep: dealingRules.minSizeIncrement?.value ?? stepOf(minDealSize),
      decimals: snapshot.decimalPlacesFactor ?? 5,
      minStopDistance: dealingRules.minNormalStopOrLimitDistance ?? null,
    },
  };
}

/** Why the market does not trade now (its status) and when it opens again, if its hours say; null when it trades. */
export async function marketClosure(
  link: CapitalLink,
  epic: string,
  now: number,
): Promise<MarketClosure | null> {
  const details = await readMarket(link, epic);
  if (!details)
    throw new BrokerError(`Lo strumento ${epic} non è più disponibile su Capital.com`, 'not-tradable');
  const status = details.snapshot.marketStatus;
  if (status === 'TRADEABLE') return null;
  const opens = details.instrument.openingHours ? nextOpening(details.instrument.openingHours, now) : null;
  const when = opens === null ? '' : ` (riapertura prevista ${formatOpening(opens)})`;
  return {
    reason: `Mercato ${epic} chiuso su Capital.com (${status}): il bot riprende da solo alla riapertura${when}.`,
    reopensAt: opens,
  };
}

/** "lun 29/11 22:00 UTC": when a market opens, as the investment's reason says it. */
export function formatOpening(ms: number): string {
  const date = new Date(ms);
  const days = ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'];
  const two = (value: number) => String(value).padStart(2, '0');
  return `${days[date.getUTCDay()]} ${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** A minimum of 0.01 deals in hundredths, one of 100 in whole units: the step its decimals show. */
function stepOf(minDealSize: number): number {
  for (let step = 1; step > 1e-8; step /= 10) {
    if (Math.abs(minDealSize / step - Math.round(minDealSize / step)) < 1e-9) return step;
  }
  return 1e-8;
}

async function readMarket(link: CapitalLink, epic: string): Promise<MarketDetails | null> {
  try {
    const body = await link.request('GET', `/api/v1/markets/${encodeURIComponent(epic)}`);
    return parseAnswer(marketDetailsSchema, body, `mercato ${epic}`);
  } catch (error) {
    if (error instanceof CapitalApiError && error.status === 404) return null;
    throw callFailed(error, `la lettura del mercato ${epic}`);
  }
}

/** The epic of the search result named exactly `name`: a search also returns look-alikes. */
async function searchEpic(link: CapitalLink, name: string): Promise<string | null> {
  try {
    const body = await link.request('GET', '/api/v1/markets', { query: { searchTerm: name } });
    const { markets } = parseAnswer(marketSearchSchema, body, `ricerca "${name}"`);
    const wanted = name.toLowerCase();
    return markets.find((row) => row.instrumentName.trim().toLowerCase() === wanted)?.epic ?? null;
  } catch (error) {
    throw callFailed(error, `la ricerca dello strumento "${name}"`);
  }
}
