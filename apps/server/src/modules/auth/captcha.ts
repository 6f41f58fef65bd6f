// Self-hosted proof of work (ALTCHA) for contact requests: the browser spends about a second
// of CPU per request, which makes bulk spam expensive without a third-party captcha service.
import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Clock } from '../../lib/clock';

const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1000;
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

export interface CaptchaVerifier {
  challenge(): Promise<Record<string, unknown>>;
  /** True once per solved challenge: a replayed payload is refused. */
  verify(payload: string): Promise<boolean>;
}

export function createAltchaVerifier(secret: string, clock: Clock): CaptchaVerifier {
  const signatureSecret = `${secret}:challenge`;
  const keySignatureSecret = `${secret}:key`;
  const usedChallenges = new CappedMap<string, boolean>({ maxSize: 10_000 });
  return {
    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(500, 1500),
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
        expiresAt: new Date(clock.now().getTime() + CHALLENGE_LIFETIME_MS),
      });
      return { ...challenge };
    },
    async verify(payload) {
      const result = await verify(payload, deriveKey, signatureSecret, keySignatureSecret, usedChallenges);
      return result.error === null && result.verification?.verified === true;
    },
  };
}
