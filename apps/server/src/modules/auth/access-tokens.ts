// Access tokens: HS256 JWTs that live an hour. sid names the login session, which the server
// checks on every call so that logout and password changes end a session at once.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@platform/contracts';
import type { Clock } from '../../lib/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
}

/**
 * Tokens already verified, with their expiry: every poll of a dashboard presents the same token,
 * and checking its HMAC again (WebCrypto, a trip through the thread pool) cost about a tenth of a
 * list call. A token's signature cannot change, so only its expiry is checked again.
 */
const VERIFIED_TOKENS_KEPT = 20_000;

/** A setup token lets a role that must have 2FA set it up, and nothing else. */
export const OTP_SETUP_TOKEN_TTL_SECONDS = 10 * 60;
const OTP_SETUP_SCOPE = 'otp-setup';

/** What the login that found 2FA missing leaves for the session that starts once it is set up. */
export interface OtpSetupClaims {
  userId: string;
  remember: boolean;
  /** When the password was given: the setup counts it as the proof a 2FA change needs. */
  issuedAt: Date;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<
    string,
    { claims: Pick<AccessClaims, 'userId' | 'sessionId'>; expiresAt: number }
  >();

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return (
      new SignJWT({ sid: claims.sessionId, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        // A unique id, so two tokens issued in the same second are still different strings.
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(this.key)
    );
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<Pick<AccessClaims, 'userId' | 'sessionId'> | null> {
    // jose's own rule: expired once the clock's whole seconds reach exp.
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) return known.expiresAt > nowSeconds ? known.claims : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.scope !== undefined)
        return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(
    token: string,
    claims: Pick<AccessClaims, 'userId' | 'sessionId'>,
    expiresAt: number,
  ): void {
    // Insertion order is age: past the limit the oldest tenth goes.
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      let drop = VERIFIED_TOKENS_KEPT / 10;
      for (const old of this.verified.keys()) {
        if (drop-- <= 0) break;
        this.verified.delete(old);
      }
    }
    this.verified.set(token, { claims, expiresAt });
  }

  signOtpSetup(userId: string, remember: boolean): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ scope: OTP_SETUP_SCOPE, remember })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + OTP_SETUP_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid setup token; null for anything else, access tokens included. */
  async verifyOtpSetup(token: string): Promise<OtpSetupClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (
        payload.scope !== OTP_SETUP_SCOPE ||
        typeof payload.sub !== 'string' ||
        typeof payload.iat !== 'number'
      )
        return null;
      return {
        userId: payload.sub,
        remember: payload.remember === true,
        issuedAt: new Date(payload.iat * 1000),
      };
    } catch {
      return null;
    }
  }
}
