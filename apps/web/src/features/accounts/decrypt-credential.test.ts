import { ACCOUNT_MESSAGES } from '@platform/contracts';
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CiphertextFormatError, decryptCredential, importRevealKey } from './decrypt-credential';

const keyHex = randomBytes(32).toString('hex');

/** What the server does (apps/server/src/lib/reveal.ts): AES-256-CBC, random IV, 'ivhex:cthex'. */
function encryptLikeServer(plaintext: string, key = keyHex): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'hex'), iv);
  return `${iv.toString('hex')}:${Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('hex')}`;
}

describe('decryptCredential', () => {
  it('reads back what node:crypto encrypted, whatever the length and the characters', async () => {
    const key = await importRevealKey(keyHex);
    for (const plain of ['', 'mario@example.com', 'exactly 16 bytes', 'pässwörd €€ 🔑', 'x'.repeat(300)]) {
      expect(await decryptCredential(encryptLikeServer(plain), key)).toBe(plain);
    }
  });

  it('accepts upper-case hex and surrounding spaces', async () => {
    const key = await importRevealKey(keyHex.toUpperCase());
    expect(await decryptCredential(` ${encryptLikeServer('api-key-1').toUpperCase()} `, key)).toBe(
      'api-key-1',
    );
  });

  it.each([
    ['no colon', 'a'.repeat(64)],
    ['an empty body', `${'a'.repeat(32)}:`],
    ['a short IV', `${'a'.repeat(30)}:${'b'.repeat(32)}`],
    ['a body that is not whole blocks', `${'a'.repeat(32)}:${'b'.repeat(40)}`],
    ['non-hex characters', `${'g'.repeat(32)}:${'b'.repeat(32)}`],
    ['two colons', `${'a'.repeat(32)}:${'b'.repeat(32)}:${'c'.repeat(32)}`],
    ['an empty string', ''],
  ])('rejects %s with the spec message', async (_case, ciphertext) => {
    const key = await importRevealKey(keyHex);
    const attempt = decryptCredential(ciphertext, key);
    await expect(attempt).rejects.toBeInstanceOf(CiphertextFormatError);
    await expect(attempt).rejects.toThrow(ACCOUNT_MESSAGES.badCiphertext);
  });

  it('refuses a key that is not 64 hex characters', async () => {
    await expect(importRevealKey('abc')).rejects.toBeInstanceOf(CiphertextFormatError);
    await expect(importRevealKey('z'.repeat(64))).rejects.toBeInstanceOf(CiphertextFormatError);
  });

  it('fails, without returning garbage as text, under another session key', async () => {
    const otherKey = await importRevealKey(randomBytes(32).toString('hex'));
    const ciphertext = encryptLikeServer('secret');
    // Wrong keys almost always break the PKCS#7 padding; the rare survivor still is not the secret.
    const outcome = await decryptCredential(ciphertext, otherKey).catch(() => 'failed');
    expect(outcome).not.toBe('secret');
  });
});
