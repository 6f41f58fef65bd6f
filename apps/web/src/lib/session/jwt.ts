// The client only reads the access token's exp to plan the expiry dialog; the server verifies it.

/** The expiry of a JWT in epoch milliseconds. Throws when the token cannot be decoded. */
export function readJwtExpiry(jwt: string): number {
  const parts = jwt.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) throw new Error('Malformed JWT');
  const base64 = payload
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const claims: unknown = JSON.parse(atob(base64));
  const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : undefined;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error('JWT without exp');
  return exp * 1000;
}
