// When the session-expiry dialog appears (product-spec.md section 4): at once when less than
// SESSION_WARNING_MS is left, otherwise that long before the token expires.
import { SESSION_WARNING_MS } from '@platform/contracts';

/** Browsers run longer timeouts at once; a far expiry is planned again when this much has passed. */
export const MAX_TIMER_MS = 2_147_483_647;

export type ExpiryPlan =
  | { kind: 'expired' }
  /** Show the dialog after delayMs (0: now). */
  | { kind: 'warn'; delayMs: number }
  /** Too far for one timer: plan again after delayMs. */
  | { kind: 'replan'; delayMs: number };

export function planExpiryWarning(expiresAt: number, now: number): ExpiryPlan {
  const left = expiresAt - now;
  if (left <= 0) return { kind: 'expired' };
  const delayMs = Math.max(0, left - SESSION_WARNING_MS);
  return delayMs > MAX_TIMER_MS ? { kind: 'replan', delayMs: MAX_TIMER_MS } : { kind: 'warn', delayMs };
}
