// Browser storage of the session and preferences (product-spec.md sections 3 and 8). Every value
// is kept as JSON passed through an encode/decode transform (base64 of the UTF-8 JSON): it keeps
// values from reading as plain text at a glance, it is not protection. A value that does not
// decode is treated as tampering or corruption: everything is wiped and the app stops.

export const STORAGE_KEYS = ['jwt', 'refreshToken', 'user', 'rememberMeCredentials', 'isDark'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

export class StorageError extends Error {
  override readonly name = 'StorageError';
}

export function encodeValue(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on anything that is not the encoding of a JSON value. */
export function decodeValue(encoded: string): unknown {
  const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** A zod schema, or a check of the same shape where zod would weigh too much (the landing's theme). */
export interface StoredValueSchema<T> {
  parse(value: unknown): T;
}

export interface AppStorage {
  /** null when absent; a value that does not decode or fit the schema clears all storage and throws. */
  read<T>(key: StorageKey, schema: StoredValueSchema<T>): T | null;
  /** Throws a StorageError naming the key when the browser refuses the write (quota, privacy mode). */
  write(key: StorageKey, value: unknown): void;
  remove(key: StorageKey): void;
  /** Removes every key of the app except the ones listed. */
  clearExcept(keep: readonly StorageKey[]): void;
}

export function createAppStorage(backend: () => Storage): AppStorage {
  return {
    read(key, schema) {
      const raw = backend().getItem(key);
      if (raw === null) return null;
      try {
        return schema.parse(decodeValue(raw));
      } catch {
        backend().clear();
        throw new StorageError(
          `Impossibile leggere "${key}" dalla memoria del browser: la memoria è stata svuotata e l'applicazione si è arrestata.`,
        );
      }
    },
    write(key, value) {
      try {
        backend().setItem(key, encodeValue(value));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StorageError(`Scrittura di "${key}" nella memoria del browser non riuscita: ${reason}`);
      }
    },
    remove(key) {
      backend().removeItem(key);
    },
    clearExcept(keep) {
      for (const key of STORAGE_KEYS) if (!keep.includes(key)) backend().removeItem(key);
    },
  };
}

/** The app's storage; localStorage is looked up on use so that importing this file needs no browser. */
export const appStorage = createAppStorage(() => window.localStorage);
