// The outcome of an order whose request got no clear answer (a timeout, a 5xx, a confirmation that
// would not come). Capital.com takes no client order id, so sending it again could open a second
// position: the order is only looked up, again and again, since a broker may show a deal only
// after a while (research/live-orders.md: NautilusTrader's in-flight checks, Freqtrade's look-ups
// with back-off). It is settled when the broker shows it (filled or resting), refuses it, or shows
// no trace of it on a look made once the settling window since its send has passed: only then is
// it taken as never placed.
import { BrokerError, type Broker, type OpenOrder, type OrderOutcome } from '../brokers/broker';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import { sleep, type Timers } from '../timers';

export interface SettlingOptions {
  timers: Timers;
  /** From the order's send: a broker that shows no trace of it on a look made after this proves it absent. */
  windowMs: number;
  /** The pause before the second look; it doubles up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Told of each look that found nothing or failed, for the log. */
  onLook?: (what: { found: false; error?: string }) => void;
}

export async function settleOutcome(
  broker: Broker,
  order: OpenOrder,
  options: SettlingOptions,
): Promise<OrderOutcome> {
  const { timers, windowMs, firstDelayMs, maxDelayMs } = options;
  const windowEnds = order.sentAt.getTime() + windowMs;
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    const lookedAt = timers.now();
    try {
      const outcome = await broker.lookUp(order);
      if (outcome) return outcome;
      if (lookedAt >= windowEnds) return { kind: 'absent', reason: BOT_MESSAGES.noTraceAtBroker };
      options.onLook?.({ found: false });
    } catch (error) {
      // A look that fails proves nothing: the next one may answer.
      if (!(error instanceof BrokerError) || error.permanent) throw error;
      options.onLook?.({ found: false, error: error.message });
    }
    // The last look falls just after the window, not a whole back-off later.
    const untilWindowEnds = windowEnds - timers.now();
    await sleep(timers, untilWindowEnds > 0 ? Math.min(delay, untilWindowEnds) : delay);
  }
}
