// Which Capital.com epic trades each of our markets, and whether it can be traded now
// (spec/capital-api.md section 4). GOLD's epic is in Capital.com's own examples; US100 and EURUSD
// come from third-party code, and one report saw US100 missing on demo while a search for
// "US Tech 100" found it, so the Nasdaq falls back to that search. Minimum deal sizes are not
// documented: they are read from dealingRules at start.
import type { Market } from '@platform/contracts';
import { BrokerError } from '../broker';
import { CapitalApiError } from './capital-http';
import { callFailed } from './capital-problems';
import { marketDetailsSchema, marketSearchSchema, parseAnswer } from './capital-schemas';
import type { CapitalSession } from './capital-session';

export interface CapitalMarket {
  epic: string;
  minDealSize: number;
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

/** The market's epic and dealing rules; throws 'not-tradable' or 'market-closed'. */
export async function resolveMarket(session: CapitalSession, market: Market): Promise<CapitalMarket> {
  const choice = EPICS[market];
  let details = await readMarket(session, choice.epic);
  if (!details && choice.searchName) {
    const found = await searchEpic(session, choice.searchName);
    if (found) details = await readMarket(session, found);
  }
  if (!details) {
    throw new BrokerError(
      `Lo strumento ${market} non è disponibile su questo conto Capital.com`,
      'not-tradable',
    );
  }
  const status = details.snapshot.marketStatus;
  if (status !== 'TRADEABLE') {
    throw new BrokerError(
      `Il mercato ${details.instrument.epic} è chiuso su Capital.com (${status})`,
      'market-closed',
    );
  }
  return { epic: details.instrument.epic, minDealSize: details.dealingRules.minDealSize.value };
}

async function readMarket(session: CapitalSession, epic: string) {
  try {
    const body = await session.request('GET', `/api/v1/markets/${encodeURIComponent(epic)}`);
    return parseAnswer(marketDetailsSchema, body, `mercato ${epic}`);
  } catch (error) {
    if (error instanceof CapitalApiError && error.status === 404) return null;
    throw callFailed(error, `la lettura del mercato ${epic}`);
  }
}

/** The epic of the search result named exactly `name`: a search also returns look-alikes. */
async function searchEpic(session: CapitalSession, name: string): Promise<string | null> {
  try {
    const body = await session.request('GET', '/api/v1/markets', { query: { searchTerm: name } });
    const { markets } = parseAnswer(marketSearchSchema, body, `ricerca "${name}"`);
    const wanted = name.toLowerCase();
    return markets.find((row) => row.instrumentName.trim().toLowerCase() === wanted)?.epic ?? null;
  } catch (error) {
    throw callFailed(error, `la ricerca dello strumento "${name}"`);
  }
}
