import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpCode, totpStep, totpUri } from './totp';

// RFC 6238 Appendix B, the SHA-1 rows: the seed is the ASCII string "12345678901234567890".
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('matches the RFC 6238 SHA-1 vector at T=%i', (seconds, expected) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(RFC_SECRET, at, 8)).toBe(expected);
    expect(matchTotpStep(RFC_SECRET, expected, at, 8)).toBe(totpStep(at));
  });

  it('uses the last six digits of the same HOTP value for 6-digit codes', () => {
    for (const [seconds, expected] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(expected.slice(2));
    }
  });

  it('accepts a code one step early or late and refuses two steps off', () => {
    const at = new Date(1_700_000_000_000);
    const previous = totpCode(RFC_SECRET, new Date(at.getTime() - 30_000));
    const tooOld = totpCode(RFC_SECRET, new Date(at.getTime() - 60_000));
    expect(matchTotpStep(RFC_SECRET, previous, at)).toBe(totpStep(at) - 1);
    expect(matchTotpStep(RFC_SECRET, tooOld, at)).toBeNull();
  });

  it('writes an otpauth URI that authenticator apps read', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'anna@example.com', 'Trading Platform'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(uri.searchParams.get('issuer')).toBe('Trading Platform');
    expect(decodeURIComponent(uri.pathname)).toContain('anna@example.com');
  });
});
