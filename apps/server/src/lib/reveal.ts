// The per-session reveal key of DESIGN.md section 4: credentials leave the server only as
// 'ivhex:cthex' (AES-256-CBC, PKCS#7, random 16-byte IV) under a key derived from the login
// session, which the client receives from verify-password. A ciphertext is useless elsewhere.
// The key is also bound to the instant of the session's latest verify-password, and credentials
// are sealed only for REVEAL_WINDOW_MS after it: a key read off a device later opens nothing
// the server sends from then on. A password login proves the password too, but hands out no key,
// so it opens no reveal (and writes no reveal to the audit log).
import { createCipheriv, randomBytes } from 'node:crypto';
import type { Clock } from './clock';
import { hmacHex } from './crypto';

/** How long after verify-password the server keeps sending credentials under its key. */
export const REVEAL_WINDOW_MS = 5 * 60_000;

/** When the session last passed verify-password (auth's password_proofs); a plain login opens no reveal. */
export type PasswordProofLookup = (sessionId: string) => Promise<Date | undefined>;

/** Encrypts one plaintext under the session's current reveal key. */
export type Sealer = (plaintext: string) => string;

export class RevealCipher {
  /** base: the 'reveal-keys' key derived from the master key. */
  constructor(
    private readonly base: Buffer,
    private readonly clock: Clock,
    private readonly proofOf: PasswordProofLookup,
  ) {}

  /** 64 hex characters: the key of the proof recorded at provedAt. */
  keyFor(sessionId: string, provedAt: Date): string {
    return hmacHex(this.base, `${sessionId}:${provedAt.getTime()}`);
  }

  /** The sealer of the session's open reveal, or null when its last proof is older than the window. */
  async sealerFor(sessionId: string): Promise<Sealer | null> {
    const provedAt = await this.proofOf(sessionId);
    if (!provedAt || this.clock.now().getTime() - provedAt.getTime() > REVEAL_WINDOW_MS) return null;
    const key = Buffer.from(this.keyFor(sessionId, provedAt), 'hex');
    return (plaintext) => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${iv.toString('hex')}:${body.toString('hex')}`;
    };
  }
}
