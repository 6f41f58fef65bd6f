// TOTP of RFC 6238 (HMAC-SHA-1, 30 s steps, 6 digits) through otpauth.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the previous and next step are accepted too, for clock drift and typing time. */
const DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, digits = 6, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function totpCode(secretBase32: string, at: Date, digits = 6): string {
  return totpFor(secretBase32, digits).generate({ timestamp: at.getTime() });
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step the code belongs to, or null when it matches none within the drift window.
 * The caller refuses steps at or before the last accepted one, so a code works once.
 */
export function matchTotpStep(secretBase32: string, code: string, at: Date, digits = 6): number | null {
  const delta = totpFor(secretBase32, digits).validate({
    token: code,
    timestamp: at.getTime(),
    window: DRIFT_STEPS,
  });
  return delta === null ? null : totpStep(at) + delta;
}

export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totpFor(secretBase32, 6, account, issuer).toString();
}
