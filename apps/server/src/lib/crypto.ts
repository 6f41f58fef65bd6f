// Keys and ciphers. One master key (ENCRYPTION_KEY) is split with HKDF into a key per purpose,
// so a leak of one derived key exposes nothing else.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export type KeyPurpose =
  'totp-secrets' | 'broker-credentials' | 'webhook-secrets' | 'reveal-keys' | 'captcha' | 'bot-hub';

/** The purposes whose ciphertexts are stored, and so must be re-encrypted when the master key changes. */
export type AtRestPurpose = Extract<KeyPurpose, 'totp-secrets' | 'broker-credentials' | 'webhook-secrets'>;

export function deriveKey(masterKeyHex: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(masterKeyHex, 'hex'), Buffer.alloc(0), purpose, 32));
}

/**
 * A master key's public name, written before each ciphertext so that after a rotation the right
 * key is found without trying them all. Derived through HKDF, so it tells nothing of the key.
 */
export function keyId(masterKeyHex: string): string {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(masterKeyHex, 'hex'), Buffer.alloc(0), 'key-id', 6),
  ).toString('base64url');
}

/** The master key that encrypts, and the ones of before a rotation that still decrypt. */
export interface MasterKeys {
  current: string;
  previous: readonly string[];
}

/** AES-256-GCM: iv(12) | tag(16) | ciphertext, with optional associated data. */
function seal(key: Buffer, plaintext: string, associatedData: string | null): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (associatedData !== null) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, raw: Buffer, associatedData: string | null): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  if (associatedData !== null) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export class CiphertextError extends Error {}

/**
 * Secrets stored in the database (TOTP secrets, broker credentials), stored as
 * `<key id>.<base64url of AES-256-GCM>`. The associated data names where the value lives
 * (table, column, row id: lib/sealed-columns.ts), so a ciphertext copied into another row or
 * column does not decrypt. The key id lets the keys of before a rotation keep reading.
 */
export class AtRestCipher {
  private readonly currentId: string;
  private readonly currentKey: Buffer;
  private readonly keys = new Map<string, Buffer>();

  constructor(masterKeys: MasterKeys, purpose: AtRestPurpose) {
    this.currentId = keyId(masterKeys.current);
    this.currentKey = deriveKey(masterKeys.current, purpose);
    for (const master of [masterKeys.current, ...masterKeys.previous]) {
      if (!this.keys.has(keyId(master))) this.keys.set(keyId(master), deriveKey(master, purpose));
    }
  }

  encrypt(plaintext: string, associatedData: string): string {
    return `${this.currentId}.${seal(this.currentKey, plaintext, associatedData).toString('base64url')}`;
  }

  /** Throws CiphertextError for a key not configured, a value moved from elsewhere, or a tampered one. */
  decrypt(stored: string, associatedData: string): string {
    const dot = stored.indexOf('.');
    const key = dot > 0 ? this.keys.get(stored.slice(0, dot)) : undefined;
    if (!key)
      throw new CiphertextError(
        dot > 0 ? `unknown key id ${stored.slice(0, dot)}` : 'ciphertext without a key id',
      );
    try {
      return open(key, Buffer.from(stored.slice(dot + 1), 'base64url'), associatedData);
    } catch {
      throw new CiphertextError(`ciphertext does not authenticate as ${associatedData}`);
    }
  }

  /** Whether the value is already under the current key, in the current format. */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${this.currentId}.`);
  }

  /**
   * The format of before key ids (base64url alone, no associated data), which has no '.'. Only the
   * re-encryption (keys.service.ts) reads it: everything else refuses a value not bound to its row.
   */
  static isLegacy(stored: string): boolean {
    return !stored.includes('.');
  }

  decryptLegacy(stored: string): string {
    const raw = Buffer.from(stored, 'base64url');
    for (const key of this.keys.values()) {
      try {
        return open(key, raw, null);
      } catch {
        // not this key: try the next
      }
    }
    throw new CiphertextError('legacy ciphertext opens with none of the keys');
  }
}

/** An opaque bearer secret (refresh, remember, reset tokens): 256 random bits. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored only as their SHA-256: a database leak does not yield usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function hmacHex(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}
