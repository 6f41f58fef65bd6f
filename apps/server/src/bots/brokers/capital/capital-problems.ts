// What Capital.com's refusals mean to a bot: each documented error code and deal-rejection reason
// becomes a BrokerError with the problem the bot acts on and an Italian message, shown on the
// investment, that keeps Capital.com's own code so a person can look it up.
import { BrokerError, type BrokerProblem } from '../broker';
import { CapitalApiError } from './capital-http';

export const CREDENTIALS_MESSAGE =
  "Credenziali Capital.com non valide: controlla API key, identificativo e password dell'account";

/** Reasons of a REJECTED confirmation (Capital.com's Java enum) that are not a plain refusal. */
const REASON_PROBLEMS = new Map<string, BrokerProblem>([
  ['INSUFFICIENT_FUNDS', 'funds'],
  ['MINIMUM_ORDER_SIZE_ERROR', 'size'],
  ['MARKET_CLOSED', 'market-closed'],
  ['MARKET_CLOSED_WITH_EDITS', 'market-closed'],
  ['MARKET_CLOSING', 'market-closed'],
  ['MARKET_OFFLINE', 'market-closed'],
  ['INSTRUMENT_NOT_FOUND', 'not-tradable'],
  ['MARKET_UNAVAILABLE_TO_CLIENT', 'not-tradable'],
  ['MARKET_ORDERS_NOT_ALLOWED_ON_INSTRUMENT', 'not-tradable'],
  ['ACCOUNT_NOT_ENABLED_TO_TRADING', 'not-tradable'],
  // A limit buy over the offer: the price came down past the level before the order was placed.
  ['WRONG_SIDE_OF_MARKET', 'price-passed'],
]);

const PROBLEM_WORDS: Record<BrokerProblem, string> = {
  credentials: ': credenziali non valide',
  rejected: '',
  size: ': dimensione non accettata',
  'market-closed': ': mercato chiuso',
  funds: ': fondi insufficienti sul conto',
  'not-tradable': ': strumento non negoziabile su questo conto',
  'price-passed': ': il prezzo ha già superato il livello',
  unavailable: '',
};

/**
 * A REJECTED deal. `deal` says which, in Italian with its article: "l'apertura della posizione
 * su GOLD", "la chiusura della posizione 0060…".
 */
export function dealRejected(deal: string, reason: string): BrokerError {
  const problem = REASON_PROBLEMS.get(reason) ?? 'rejected';
  return new BrokerError(`Capital.com ha rifiutato ${deal}${PROBLEM_WORDS[problem]} (${reason})`, problem);
}

/** A refused POST /session: anything but a rate limit or an outage means the credentials. */
export function sessionRefused(error: CapitalApiError): BrokerError {
  if (error.status === 429 || error.status >= 500) {
    return new BrokerError(
      `Capital.com non accetta l'accesso in questo momento (${error.errorCode})`,
      'unavailable',
    );
  }
  return new BrokerError(CREDENTIALS_MESSAGE, 'credentials');
}

/**
 * Any error of a call made for `deal` as a BrokerError. A refusal with a 4xx status means the
 * request was not carried out; a 5xx or a rate limit leaves nothing to act on but a later look.
 */
export function callFailed(error: unknown, deal: string): unknown {
  if (!(error instanceof CapitalApiError)) return error;
  const { status, errorCode } = error;
  if (status === 401 || status === 403) return new BrokerError(CREDENTIALS_MESSAGE, 'credentials');
  if (status === 429 || status >= 500) {
    return new BrokerError(
      `Capital.com non ha eseguito ${deal}: servizio non disponibile (${errorCode})`,
      'unavailable',
    );
  }
  if (errorCode.startsWith('error.invalid.size')) {
    return new BrokerError(`Capital.com non accetta la dimensione di ${deal} (${errorCode})`, 'size');
  }
  if (errorCode === 'error.not-found.epic') {
    return new BrokerError(`Capital.com non conosce lo strumento di ${deal} (${errorCode})`, 'not-tradable');
  }
  return new BrokerError(`Capital.com ha rifiutato ${deal} (${errorCode})`, 'rejected');
}
