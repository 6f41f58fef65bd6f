// The ALTCHA v2 payload the server verifies (altcha-lib's frameworks/shared verify): base64 of
// the signed challenge and the solver's solution as JSON. Pure, so it is tested without a browser.
import type { Challenge, Solution } from 'altcha-lib/types';

export function encodeCaptchaPayload(challenge: Challenge, solution: Solution): string {
  // Hex strings and numbers only: plain ASCII, which btoa takes as is.
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Solve again this long before the challenge expires, so a slow typist never sends a dead one. */
const REFRESH_MARGIN_MS = 30_000;

/**
 * Milliseconds until a solved challenge should be replaced, or null when it never expires.
 * expiresAt is in seconds, as altcha-lib signs it.
 */
export function refreshDelayMs(expiresAtSeconds: number | undefined, nowMs: number): number | null {
  if (expiresAtSeconds === undefined) return null;
  return Math.max(0, expiresAtSeconds * 1000 - REFRESH_MARGIN_MS - nowMs);
}
