// Business constants of product-spec.md section 9 that more than one side needs.

export const APP_NAME = 'Trading Platform';

/** The access token lives an hour; the session dialog appears this long before it ends. */
export const SESSION_WARNING_MS = 180_000;

export const PASSWORD_RESET_LINK_MINUTES = 30;

/** Leverage: 1 to 20 for retail (non-pro owners), up to 200 for pro. */
export const MIN_LEVERAGE = 1;
export const MAX_LEVERAGE_RETAIL = 20;
export const MAX_LEVERAGE_PRO = 200;

export function maxLeverageFor(isPro: boolean): number {
  return isPro ? MAX_LEVERAGE_PRO : MAX_LEVERAGE_RETAIL;
}

export const leverageLimitMessage = (max: number) => `Leva massima consentita è ${max}`;

/** Backtests and analyses run on this span (product-spec.md section 9). */
export const PERIOD_FIRST_DAY = '2008-11-26';
export const PERIOD_LAST_DAY = '2025-07-02';

/** Lists with unfinished backtests or analyses refresh this often. */
export const JOB_POLL_MS = 5000;

/** Upload limits (product-spec.md sections 5 and 9). */
export const UPLOAD_MAX_BYTES = 629_145_600;
export const UPLOAD_RETRY_DELAYS_MS = [1000, 2000, 3000] as const;
