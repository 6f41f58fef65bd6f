import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AtRestCipher, CiphertextError, deriveKey, keyId } from './crypto';
import { cellOf, SEALED_COLUMNS } from './sealed-columns';

const oldKey = 'a1'.repeat(32);
const newKey = 'b2'.repeat(32);
const rowA = cellOf(SEALED_COLUMNS.accountPassword, '00000000-0000-4000-8000-00000000000a');
const rowB = cellOf(SEALED_COLUMNS.accountPassword, '00000000-0000-4000-8000-00000000000b');

/** What encryptAtRest wrote before key ids: base64url of iv | tag | ciphertext, no associated data. */
function legacyCiphertext(masterKey: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(masterKey, 'broker-credentials'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

describe('ciphertexts at rest', () => {
  it('prefixes the key id and decrypts only in the row and column it was written for', () => {
    const cipher = new AtRestCipher({ current: newKey, previous: [] }, 'broker-credentials');
    const stored = cipher.encrypt('broker-secret', rowA);
    expect(stored.startsWith(`${keyId(newKey)}.`)).toBe(true);
    expect(keyId(newKey)).toMatch(/^[\w-]{8}$/);
    expect(cipher.decrypt(stored, rowA)).toBe('broker-secret');
    expect(() => cipher.decrypt(stored, rowB)).toThrow(CiphertextError);
    expect(() =>
      cipher.decrypt(stored, cellOf(SEALED_COLUMNS.accountUsername, '00000000-0000-4000-8000-00000000000a')),
    ).toThrow(CiphertextError);
  });

  it('reads the previous keys, writes with the current one, and refuses a key it does not hold', () => {
    const before = new AtRestCipher({ current: oldKey, previous: [] }, 'broker-credentials');
    const during = new AtRestCipher({ current: newKey, previous: [oldKey] }, 'broker-credentials');
    const after = new AtRestCipher({ current: newKey, previous: [] }, 'broker-credentials');
    const written = before.encrypt('broker-secret', rowA);
    expect(during.decrypt(written, rowA)).toBe('broker-secret');
    expect(during.isCurrent(written)).toBe(false);
    expect(() => after.decrypt(written, rowA)).toThrow(/unknown key id/);
    const rewritten = during.encrypt('broker-secret', rowA);
    expect(during.isCurrent(rewritten)).toBe(true);
    expect(after.decrypt(rewritten, rowA)).toBe('broker-secret');
    expect(() => before.decrypt(rewritten, rowA)).toThrow(CiphertextError);
  });

  it('keys each purpose apart: a TOTP key does not open a credential', () => {
    const credentials = new AtRestCipher({ current: newKey, previous: [] }, 'broker-credentials');
    const totp = new AtRestCipher({ current: newKey, previous: [] }, 'totp-secrets');
    expect(() => totp.decrypt(credentials.encrypt('x', rowA), rowA)).toThrow(CiphertextError);
  });

  it('opens the format without key id only through decryptLegacy, with any configured key', () => {
    const legacy = legacyCiphertext(oldKey, 'broker-secret');
    const during = new AtRestCipher({ current: newKey, previous: [oldKey] }, 'broker-credentials');
    expect(AtRestCipher.isLegacy(legacy)).toBe(true);
    expect(() => during.decrypt(legacy, rowA)).toThrow(/without a key id/);
    expect(during.decryptLegacy(legacy)).toBe('broker-secret');
    expect(() =>
      new AtRestCipher({ current: newKey, previous: [] }, 'broker-credentials').decryptLegacy(legacy),
    ).toThrow(CiphertextError);
  });
});
