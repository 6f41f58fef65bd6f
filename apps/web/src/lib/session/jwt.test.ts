import { describe, expect, it } from 'vitest';
import { readJwtExpiry } from './jwt';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwtWith = (claims: object) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

describe('readJwtExpiry', () => {
  it('reads exp in milliseconds', () => {
    expect(readJwtExpiry(jwtWith({ sub: 'ü-1', exp: 1_750_000_000 }))).toBe(1_750_000_000_000);
  });

  it('throws for a token that is not a JWT', () => {
    expect(() => readJwtExpiry('garbage')).toThrow();
    expect(() => readJwtExpiry('a.%%%.c')).toThrow();
  });

  it('throws for a token without a numeric exp', () => {
    expect(() => readJwtExpiry(jwtWith({ sub: 'x' }))).toThrow();
    expect(() => readJwtExpiry(jwtWith({ exp: 'tomorrow' }))).toThrow();
  });
});
