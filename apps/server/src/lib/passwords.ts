import argon2 from 'argon2';

// A hash of a random password: verifying against it when the user is unknown keeps the
// answer time the same as for a wrong password, so timing does not reveal who has an account.
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
