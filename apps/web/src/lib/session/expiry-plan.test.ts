import { SESSION_WARNING_MS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, planExpiryWarning } from './expiry-plan';

const NOW = Date.UTC(2025, 6, 1, 12, 0, 0);
const MINUTE = 60_000;

describe('planExpiryWarning', () => {
  it('logs out at once when the token has expired', () => {
    expect(planExpiryWarning(NOW - 1, NOW)).toEqual({ kind: 'expired' });
    expect(planExpiryWarning(NOW, NOW)).toEqual({ kind: 'expired' });
  });

  it('warns now when less than 3 minutes are left', () => {
    expect(planExpiryWarning(NOW + 2 * MINUTE, NOW)).toEqual({ kind: 'warn', delayMs: 0 });
    expect(planExpiryWarning(NOW + SESSION_WARNING_MS, NOW)).toEqual({ kind: 'warn', delayMs: 0 });
  });

  it('warns 3 minutes before expiry otherwise', () => {
    expect(planExpiryWarning(NOW + 60 * MINUTE, NOW)).toEqual({ kind: 'warn', delayMs: 57 * MINUTE });
  });

  it('plans again instead of arming a timer the browser would fire at once', () => {
    const farAway = NOW + 40 * 24 * 60 * MINUTE;
    expect(planExpiryWarning(farAway, NOW)).toEqual({ kind: 'replan', delayMs: MAX_TIMER_MS });
  });
});
