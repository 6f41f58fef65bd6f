// Sending a deal and learning its outcome (spec/capital-api.md sections 5 and 7). A 200 from
// POST or DELETE /positions only hands out a deal reference; the outcome is read from
// GET /confirms/{reference}, which may answer 404 for a moment after the deal (how long is not
// documented), so it is polled within a bound. Past the bound the outcome is unknown.
import { BrokerError } from '../broker';
import { CapitalApiError } from './capital-http';
import { callFailed } from './capital-problems';
import { type Timers, sleep } from './capital-ports';
import { type Confirm, confirmSchema, dealReferenceSchema, parseAnswer } from './capital-schemas';
import type { CapitalSession } from './capital-session';

export interface ConfirmPolling {
  timers: Timers;
  timeoutMs: number;
  intervalMs: number;
}

/**
 * POST /positions for a long position, holding the cycle's stop when there is one; resolves with
 * the order's deal reference. A stop Capital.com refuses (nearer the price than its dealing rules
 * allow) is left to the bot, which watches the price anyway: the refusal is a 400, which opened
 * nothing, so the same position is asked for again without it.
 */
export async function sendOpen(
  session: CapitalSession,
  epic: string,
  size: number,
  stopLevel: number | null,
  deal: string,
): Promise<string> {
  try {
    const body = await session.request('POST', '/api/v1/positions', {
      body: { epic, direction: 'BUY', size, ...(stopLevel === null ? {} : { stopLevel }) },
    });
    return parseAnswer(dealReferenceSchema, body, deal).dealReference;
  } catch (error) {
    const stopRefused =
      error instanceof CapitalApiError &&
      error.status === 400 &&
      error.errorCode.startsWith('error.invalid.stoploss');
    if (stopRefused && stopLevel !== null) return sendOpen(session, epic, size, null, deal);
    throw callFailed(error, deal);
  }
}

/**
 * DELETE /positions/{dealId}; resolves with the close's deal reference, or null when Capital.com
 * holds no such position (404 error.not-found.dealId).
 */
export async function sendClose(
  session: CapitalSession,
  dealId: string,
  deal: string,
): Promise<string | null> {
  try {
    const body = await session.request('DELETE', `/api/v1/positions/${encodeURIComponent(dealId)}`);
    return parseAnswer(dealReferenceSchema, body, deal).dealReference;
  } catch (error) {
    if (error instanceof CapitalApiError && error.errorCode === 'error.not-found.dealId') return null;
    throw callFailed(error, deal);
  }
}

/** The deal's confirmation; 'unavailable' when none could be read within the bound. */
export async function awaitConfirm(
  session: CapitalSession,
  dealReference: string,
  polling: ConfirmPolling,
): Promise<Confirm> {
  const { timers, timeoutMs, intervalMs } = polling;
  const deadline = timers.now() + timeoutMs;
  for (;;) {
    try {
      const body = await session.request('GET', `/api/v1/confirms/${encodeURIComponent(dealReference)}`);
      return parseAnswer(confirmSchema, body, `conferma ${dealReference}`);
    } catch (error) {
      const notYet =
        (error instanceof CapitalApiError && error.status === 404) ||
        (error instanceof BrokerError && error.problem === 'unavailable');
      if (!notYet) throw callFailed(error, `la conferma ${dealReference}`);
      if (timers.now() + intervalMs > deadline) {
        throw new BrokerError(
          `Capital.com non ha confermato l'operazione ${dealReference} in tempo: l'esito verrà verificato`,
          'unavailable',
        );
      }
    }
    await sleep(timers, intervalMs);
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
