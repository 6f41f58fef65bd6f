import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { describe, expect, it } from 'vitest';
import { encodeCaptchaPayload, refreshDelayMs } from './captcha-payload';

describe('captcha payload', () => {
  it('is what the server-side verify of altcha-lib accepts, solved with the browser key derivation', async () => {
    const secrets = { challenge: 'challenge-secret', key: 'key-secret' };
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 20,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    const payload = encodeCaptchaPayload(challenge, solution!);
    const result = await verify(payload, deriveKey, secrets.challenge, secrets.key);
    expect(result.error).toBeNull();
    expect(result.verification?.verified).toBe(true);
  });
});

describe('refresh delay', () => {
  it('renews 30 s before the challenge expires', () => {
    expect(refreshDelayMs(1_000, 900_000)).toBe(70_000);
  });

  it('renews at once when the margin has already passed, and never without an expiry', () => {
    expect(refreshDelayMs(1_000, 990_000)).toBe(0);
    expect(refreshDelayMs(undefined, 0)).toBeNull();
  });
});
