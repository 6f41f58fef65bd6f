// A webhook's body is signed with HMAC-SHA256 under the investment's secret, shown to its owner
// once: the X-Signature header carries `sha256=` and the hex digest of the raw body, as GitHub's
// webhooks do. A receiver computes the same over the bytes it received and compares in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: 32 random bytes, prefixed so that it is recognised when pasted. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What a receiver does: whether the header is the body's signature under the secret. */
export function verifySignature(body: string, secret: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signatureOf(body, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
