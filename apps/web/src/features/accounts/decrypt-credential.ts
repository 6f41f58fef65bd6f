// Broker credentials arrive as 'ivhex:cthex' (AES-256-CBC, PKCS#7) under the session's reveal
// key, which the server hands out only after the user re-enters their password (DESIGN.md
// section 4). WebCrypto does the work, so nothing secret ships with the client.
import { ACCOUNT_MESSAGES, CIPHERTEXT_PATTERN } from '@platform/contracts';

const KEY_PATTERN = /^[0-9a-f]{64}$/i;

/** A ciphertext that is not 'ivhex:cthex' with whole AES blocks, or a key that is not 64 hex characters. */
export class CiphertextFormatError extends Error {
  override readonly name = 'CiphertextFormatError';
  constructor() {
    super(ACCOUNT_MESSAGES.badCiphertext);
  }
}

function bytesOf(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Imported once per reveal and reused for every field of the account. */
export function importRevealKey(keyHex: string): Promise<CryptoKey> {
  if (!KEY_PATTERN.test(keyHex)) return Promise.reject(new CiphertextFormatError());
  return crypto.subtle.importKey('raw', bytesOf(keyHex.toLowerCase()), { name: 'AES-CBC' }, false, [
    'decrypt',
  ]);
}

/** Rejects with CiphertextFormatError for a malformed value; WebCrypto's own error for a wrong key. */
export async function decryptCredential(ciphertext: string, key: CryptoKey): Promise<string> {
  const normalized = ciphertext.trim().toLowerCase();
  if (!CIPHERTEXT_PATTERN.test(normalized)) throw new CiphertextFormatError();
  const [ivHex = '', bodyHex = ''] = normalized.split(':');
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: bytesOf(ivHex) }, key, bytesOf(bodyHex));
  return new TextDecoder().decode(plain);
}
