// Sending a deal and learning its outcome (spec/capital-api.md sections 5, 6 and 7). A 200 from
// POST, PUT or DELETE only hands out a deal reference; the outcome is read from
// GET /confirms/{reference}, which may answer 404 for a moment after the deal (how long is not
// documented), so it is polled within a bound. Past the bound the outcome is unknown.
import { BrokerError } from '../broker';
import { sleep, type Timers } from '../../timers';
import { CapitalApiError } from './capital-http';
import type { CapitalLink } from './capital-link';
import { callFailed } from './capital-problems';
import { type Confirm, confirmSchema, dealReferenceSchema, parseAnswer } from './capital-schemas';
import { type DealingRules, profitPrice, stopPrice } from './capital-sizes';

export interface ConfirmPolling {
  timers: Timers;
  timeoutMs: number;
  intervalMs: number;
}

/** The stop and take profit a deal asks the broker to hold. */
export interface Protection {
  stopLevel: number | null;
  profitLevel: number | null;
}

/** A deal's reference, and the stop and take profit it holds (they may lie farther than asked). */
export interface SentDeal extends Protection {
  dealReference: string;
}

/**
 * POST (or PUT) a deal holding the cycle's stop and take profit. Capital.com refuses a stop or a
 * take profit nearer the price than its dealing rules allow with a 400 naming the nearest level it
 * takes (`error.invalid.stoploss.maxvalue: X` for a long's stop), which opened nothing: the deal
 * is asked again with that level, rounded away from the price. A refusal that names no level, or a
 * second one, refuses the deal: a position never goes out without the protection asked for.
 */
export async function sendProtected(
  link: CapitalLink,
  call: { method: 'POST' | 'PUT'; path: string; body: Record<string, unknown> },
  protection: Protection,
  rules: DealingRules,
  deal: string,
): Promise<SentDeal> {
  let { stopLevel, profitLevel } = protection;
  stopLevel = stopLevel === null ? null : stopPrice(stopLevel, rules);
  profitLevel = profitLevel === null ? null : profitPrice(profitLevel, rules);
  for (let adjusted = 0; ; adjusted++) {
    try {
      const body = await link.request(call.method, call.path, {
        body: {
          ...call.body,
          ...(stopLevel === null ? {} : { stopLevel }),
          ...(profitLevel === null ? {} : { profitLevel }),
        },
      });
      return {
        dealReference: parseAnswer(dealReferenceSchema, body, deal).dealReference,
        stopLevel,
        profitLevel,
      };
    } catch (error) {
      const nearest = adjusted < 2 ? nearestAccepted(error) : null;
      if (nearest?.which === 'stop' && stopLevel !== null) stopLevel = stopPrice(nearest.level, rules);
      else if (nearest?.which === 'profit' && profitLevel !== null)
        profitLevel = profitPrice(nearest.level, rules);
      else throw callFailed(error, deal);
    }
  }
}

/** The level a refusal of a long's stop or take profit names as the nearest it takes. */
function nearestAccepted(error: unknown): { which: 'stop' | 'profit'; level: number } | null {
  if (!(error instanceof CapitalApiError) || error.status !== 400) return null;
  const match = /^error\.invalid\.(stoploss\.maxvalue|takeprofit\.minvalue):\s*(-?[\d.]+)$/.exec(
    error.errorCode,
  );
  if (!match) return null;
  const level = Number(match[2]);
  if (!Number.isFinite(level)) return null;
  return { which: match[1] === 'stoploss.maxvalue' ? 'stop' : 'profit', level };
}

/**
 * DELETE a position or a working order; resolves with the deal's reference, or null when Capital.com
 * holds no such deal (404 error.not-found.dealId: closed or filled already).
 */
export async function sendDelete(link: CapitalLink, path: string, deal: string): Promise<string | null> {
  try {
    const body = await link.request('DELETE', path);
    return parseAnswer(dealReferenceSchema, body, deal).dealReference;
  } catch (error) {
    if (error instanceof CapitalApiError && error.errorCode === 'error.not-found.dealId') return null;
    throw callFailed(error, deal);
  }
}

/** The deal's confirmation; 'unavailable' when none could be read within the bound. */
export async function awaitConfirm(
  link: CapitalLink,
  dealReference: string,
  polling: ConfirmPolling,
): Promise<Confirm> {
  const { timers, timeoutMs, intervalMs } = polling;
  const deadline = timers.now() + timeoutMs;
  for (;;) {
    const confirm = await readConfirm(link, dealReference);
    if (confirm) return confirm;
    if (timers.now() + intervalMs > deadline) {
      throw new BrokerError(
        `Capital.com non ha confermato l'operazione ${dealReference} in tempo: l'esito verrà verificato`,
        'unavailable',
      );
    }
    await sleep(timers, intervalMs);
  }
}

/** One read of a confirmation; null when it is not readable (yet), or the read got no answer. */
export async function readConfirm(link: CapitalLink, dealReference: string): Promise<Confirm | null> {
  try {
    const body = await link.request('GET', `/api/v1/confirms/${encodeURIComponent(dealReference)}`);
    return parseAnswer(confirmSchema, body, `conferma ${dealReference}`);
  } catch (error) {
    const notYet =
      (error instanceof CapitalApiError && error.status === 404) ||
      (error instanceof BrokerError && error.problem === 'unavailable');
    if (notYet) return null;
    throw callFailed(error, `la conferma ${dealReference}`);
  }
}

/** The code Capital.com gave for a refusal, from whichever field holds one. */
export function rejectionReason(confirm: Confirm): string {
  return [confirm.reason, confirm.rejectReason].find((code) => code && code !== 'SUCCESS') ?? 'UNKNOWN';
}

/** The position an accepted open created: its id is in affectedDeals, not the order's dealId. */
export function openedDealId(confirm: Confirm): string | null {
  return confirm.affectedDeals?.find((deal) => deal.status === 'OPENED')?.dealId ?? null;
}

/** The working order an accepted POST /workingorders created. */
export function workingOrderIdOf(confirm: Confirm): string | null {
  return confirm.dealId ?? confirm.affectedDeals?.[0]?.dealId ?? null;
}
