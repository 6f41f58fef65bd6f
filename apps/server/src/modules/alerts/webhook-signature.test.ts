// The webhook's signature: HMAC-SHA256 of the raw body under the secret, as `sha256=<hex>`.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureOf, verifySignature } from './webhook-signature';

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the body under the secret', () => {
    const body = '{"id":"a","kind":"bot-error"}';
    const expected = createHmac('sha256', 'whsec_test').update(body).digest('hex');
    expect(signatureOf(body, 'whsec_test')).toBe(`sha256=${expected}`);
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(signatureOf('what do ya want for nothing?', 'Jefe')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('verifies only the same body under the same secret', () => {
    const secret = newWebhookSecret();
    const body = '{"message":"Il bot si è fermato"}';
    const header = signatureOf(body, secret);
    expect(verifySignature(body, secret, header)).toBe(true);
    expect(verifySignature(`${body} `, secret, header)).toBe(false);
    expect(verifySignature(body, newWebhookSecret(), header)).toBe(false);
    expect(verifySignature(body, secret, undefined)).toBe(false);
    expect(verifySignature(body, secret, 'sha256=00')).toBe(false);
  });

  it('makes a new random secret each time', () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });
});
