// The per-session reveal key of DESIGN.md section 4: credentials leave the server only as
// 'ivhex:cthex' (AES-256-CBC, PKCS#7, random 16-byte IV) under a key derived from the login
// session, which the client receives from verify-password. A ciphertext is useless elsewhere.
import { createCipheriv, randomBytes } from 'node:crypto';
import { hmacHex } from './crypto';

export class RevealCipher {
  /** base: the 'reveal-keys' key derived from the master key. */
  constructor(private readonly base: Buffer) {}

  /** 64 hex characters. */
  keyFor(sessionId: string): string {
    return hmacHex(this.base, sessionId);
  }

  encryptFor(sessionId: string, plaintext: string): string {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', Buffer.from(this.keyFor(sessionId), 'hex'), iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${iv.toString('hex')}:${body.toString('hex')}`;
  }
}
