// Login, sessions and their tokens. A session is one login; its refresh tokens rotate on every
// use and presenting a used one again (a stolen copy) ends the whole session. However often it
// is refreshed, a session ends SESSION_MAX_HOURS after its login, so a stolen refresh token
// cannot be kept alive for ever.
import {
  LOGIN_MESSAGES,
  SECURITY_MESSAGES,
  type LoginInput,
  type LoginResponse,
  type LoginResult,
  type RefreshResponse,
  type Role,
} from '@platform/contracts';
import type { UserRow } from '@platform/db';
import type { Clock } from '../../lib/clock';
import { hashToken, newOpaqueToken } from '../../lib/crypto';
import { forbidden, sessionInvalid, unauthorized } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { verifyPassword } from '../../lib/passwords';
import type { AuditTrail } from '../logs/logs.service';
import type { AccessTokens, OtpSetupClaims } from './access-tokens';
import type { AuthRepository } from './auth.repository';
import type { LoginThrottle } from './login-throttle';
import type { OtpService } from './otp.service';
import { loginBlockReason, toSessionUser } from './session-user';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session stays alive while it is refreshed at least this often. */
const REFRESH_TOKEN_TTL_MS = 14 * DAY_MS;
const REMEMBER_TOKEN_TTL_MS = 30 * DAY_MS;
export const DEFAULT_SESSION_MAX_HOURS = 12;

export interface AuthOptions {
  /** Roles that get no session before they have 2FA (REQUIRE_2FA_FOR). */
  otpRequiredFor: readonly Role[];
  /** The absolute lifetime of a login session (SESSION_MAX_HOURS). */
  sessionMaxHours: number;
}

type LoginMethod = 'password' | 'remember-token';

interface SessionOptions {
  remember: boolean;
  replaceRememberTokenId: string | null;
  passwordProvedAt: Date | null;
}

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly accessTokens: AccessTokens,
    private readonly otp: OtpService,
    private readonly throttle: LoginThrottle,
    private readonly options: AuthOptions,
  ) {}

  async login(input: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
    const method = input.rememberToken ? 'remember-token' : 'password';
    const user = await this.repository.findUserByUsername(input.username);
    // Remember tokens are guessed no more freely than passwords: both count on the same counters.
    const rememberTokenId = await this.throttle.guardLogin(input.username, origin, () =>
      this.checkCredentials(user, input),
    );
    if (!user || rememberTokenId === false) {
      await this.audit.record({
        action: 'LOGIN_FAILED',
        description: `Accesso fallito per ${input.username}: credenziali non valide`,
        userId: user?.id ?? null,
        origin,
        metadata: { username: input.username, method },
      });
      throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
    }

    const blockReason = loginBlockReason(user);
    if (blockReason) {
      await this.audit.record({
        action: 'LOGIN_BLOCKED',
        description: `Accesso rifiutato: account ${user.deletionRequestedAt ? 'in eliminazione' : user.requestStatus}`,
        userId: user.id,
        origin,
        metadata: { method },
      });
      throw forbidden(blockReason);
    }

    if (user.otpStatus === 'enabled') {
      if (!input.otpCode) {
        await this.audit.record({
          action: 'LOGIN_OTP_REQUIRED',
          description: 'Password corretta, richiesto il codice 2FA',
          userId: user.id,
          origin,
          metadata: { method },
        });
        throw unauthorized(LOGIN_MESSAGES.otpRequired, { requiresOtp: true });
      }
      if (!(await this.otp.acceptCode(user, input.otpCode, origin))) {
        await this.audit.record({
          action: 'LOGIN_OTP_FAILED',
          description: 'Codice 2FA errato',
          userId: user.id,
          origin,
          metadata: { method },
        });
        throw unauthorized(LOGIN_MESSAGES.invalidCredentials, { requiresOtp: true });
      }
    }

    if (user.otpStatus !== 'enabled' && this.options.otpRequiredFor.includes(user.role)) {
      // The setup needs a password given just now, which a remember token is not.
      if (method === 'remember-token') {
        await this.audit.record({
          action: 'LOGIN_OTP_SETUP_REQUIRED',
          description: 'Accesso automatico rifiutato: 2FA obbligatoria e non configurata',
          userId: user.id,
          origin,
          metadata: { method },
        });
        throw unauthorized(SECURITY_MESSAGES.otpSetupNeedsPassword);
      }
      await this.audit.record({
        action: 'LOGIN_OTP_SETUP_REQUIRED',
        description: 'Password corretta, 2FA obbligatoria da configurare prima della sessione',
        userId: user.id,
        origin,
        metadata: { method },
      });
      return {
        otpSetupToken: await this.accessTokens.signOtpSetup(user.id, input.rememberMe === true),
        user: toSessionUser(user),
      };
    }

    const remember = input.rememberMe === true || rememberTokenId !== null;
    return this.logIn(
      user,
      origin,
      {
        remember,
        replaceRememberTokenId: rememberTokenId,
        passwordProvedAt: method === 'password' ? this.clock.now() : null,
      },
      { description: 'Accesso effettuato', method, otp: user.otpStatus === 'enabled' },
    );
  }

  /** The user who must set up 2FA, by the setup token their login answered; null for any other token. */
  async authenticateOtpSetup(
    authorization: string | undefined,
  ): Promise<{ user: UserRow; claims: OtpSetupClaims } | null> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const claims = token ? await this.accessTokens.verifyOtpSetup(token) : null;
    if (!claims) return null;
    const user = await this.repository.findUserById(claims.userId);
    if (!user || loginBlockReason(user)) throw sessionInvalid();
    return { user, claims };
  }

  /** The session a required 2FA setup was holding back, once the setup verified its first code. */
  async completeOtpSetup(claims: OtpSetupClaims, origin: RequestOrigin): Promise<LoginResponse> {
    const user = await this.repository.findUserById(claims.userId);
    if (!user || loginBlockReason(user) || user.otpStatus !== 'enabled') throw sessionInvalid();
    return this.logIn(
      user,
      origin,
      { remember: claims.remember, replaceRememberTokenId: null, passwordProvedAt: claims.issuedAt },
      {
        description: 'Accesso effettuato dopo la configurazione obbligatoria della 2FA',
        method: 'password',
        otp: true,
      },
    );
  }

  /**
   * false: wrong credentials; null: a right password; a string: the id of the remember token used.
   * Unknown users still cost a password hash, so timing does not tell who has an account.
   */
  private async checkCredentials(
    user: UserRow | undefined,
    input: LoginInput,
  ): Promise<string | null | false> {
    if (input.rememberToken) {
      if (!user) return false;
      const token = await this.repository.findLiveRememberToken(
        user.id,
        hashToken(input.rememberToken),
        this.clock.now(),
      );
      return token ? token.id : false;
    }
    return (await verifyPassword(user?.passwordHash, input.password ?? '')) ? null : false;
  }

  /** The end of a login that passed every check: its session, the LOGIN_SUCCESS record, the answer. */
  private async logIn(
    user: UserRow,
    origin: RequestOrigin,
    options: SessionOptions,
    { description, ...metadata }: { description: string; method: LoginMethod; otp: boolean },
  ): Promise<LoginResponse> {
    const session = await this.startSession(user, origin, options);
    await this.audit.record({
      action: 'LOGIN_SUCCESS',
      description,
      userId: user.id,
      origin,
      metadata: { ...metadata, sessionId: session.sessionId },
    });
    return {
      jwt: session.jwt,
      refreshToken: session.refreshToken,
      user: toSessionUser(user),
      ...(session.rememberToken ? { rememberToken: session.rememberToken } : {}),
    };
  }

  private async startSession(user: UserRow, origin: RequestOrigin, options: SessionOptions) {
    const now = this.clock.now();
    const refreshToken = newOpaqueToken();
    const rememberToken = options.remember ? newOpaqueToken() : undefined;
    const sessionId = await this.repository.transaction(async (repository) => {
      const id = await repository.createSession({
        userId: user.id,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
        createdAt: now,
      });
      await repository.insertRefreshToken({
        sessionId: id,
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      });
      // A remember token is single use: each auto-login hands out the next one.
      if (options.passwordProvedAt) await repository.recordPasswordProof(id, options.passwordProvedAt);
      if (options.replaceRememberTokenId)
        await repository.revokeRememberToken(options.replaceRememberTokenId, now);
      if (rememberToken) {
        await repository.insertRememberToken({
          userId: user.id,
          tokenHash: hashToken(rememberToken),
          expiresAt: new Date(now.getTime() + REMEMBER_TOKEN_TTL_MS),
        });
      }
      return id;
    });
    const jwt = await this.accessTokens.sign({ userId: user.id, sessionId, role: user.role });
    return { sessionId, jwt, refreshToken, rememberToken };
  }

  async refresh(refreshToken: string, origin: RequestOrigin): Promise<RefreshResponse> {
    const now = this.clock.now();
    const stored = await this.repository.findRefreshToken(hashToken(refreshToken));
    if (!stored || stored.sessionRevokedAt || stored.expiresAt <= now) throw sessionInvalid();
    if (stored.usedAt) return this.refuseReusedToken(stored, origin);
    if (this.outlived(stored.sessionCreatedAt, now)) {
      await this.repository.revokeSession(stored.sessionId, now);
      throw sessionInvalid();
    }

    const user = await this.repository.findUserById(stored.userId);
    if (!user || loginBlockReason(user)) {
      await this.repository.revokeSession(stored.sessionId, now);
      throw sessionInvalid();
    }

    const next = newOpaqueToken();
    const rotated = await this.repository.transaction(async (repository) => {
      if (!(await repository.markRefreshTokenUsed(stored.id, now))) return false;
      await repository.insertRefreshToken({
        sessionId: stored.sessionId,
        tokenHash: hashToken(next),
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      });
      return true;
    });
    // Another request exchanged the same token in the meantime: two holders, so a copy exists.
    if (!rotated) return this.refuseReusedToken(stored, origin);

    const token = await this.accessTokens.sign({
      userId: user.id,
      sessionId: stored.sessionId,
      role: user.role,
    });
    return { token, refreshToken: next };
  }

  private async refuseReusedToken(
    stored: { sessionId: string; userId: string },
    origin: RequestOrigin,
  ): Promise<never> {
    await this.repository.revokeSession(stored.sessionId, this.clock.now());
    await this.audit.record({
      action: 'REFRESH_TOKEN_REUSED',
      description: 'Refresh token già usato presentato di nuovo: sessione revocata',
      userId: stored.userId,
      origin,
      metadata: { sessionId: stored.sessionId },
    });
    throw sessionInvalid();
  }

  /**
   * Ends the caller's session, named by its access token or, once that expired, its refresh token.
   * The device's remember token, when sent, dies with it: a logout must not leave an auto-login behind.
   */
  async logout(
    auth: AuthContext | null,
    tokens: { refreshToken?: string | undefined; rememberToken?: string | undefined },
    origin: RequestOrigin,
  ): Promise<void> {
    let sessionId = auth?.sessionId;
    let userId = auth?.user.id;
    if (!sessionId && tokens.refreshToken) {
      const stored = await this.repository.findRefreshToken(hashToken(tokens.refreshToken));
      sessionId = stored?.sessionId;
      userId = stored?.userId;
    }
    if (tokens.rememberToken) await this.revokeRememberToken(tokens.rememberToken, origin);
    if (!sessionId || !userId) return;
    await this.repository.revokeSession(sessionId, this.clock.now());
    await this.audit.record({
      action: 'LOGOUT',
      description: 'Logout effettuato',
      userId,
      origin,
      metadata: { sessionId },
    });
  }

  /** 'Not {user}?' on the access screen: the token itself is the proof, so no session is needed. */
  async revokeRememberToken(rememberToken: string, origin: RequestOrigin): Promise<void> {
    const userId = await this.repository.revokeRememberTokenByHash(
      hashToken(rememberToken),
      this.clock.now(),
    );
    if (!userId) return;
    await this.audit.record({
      action: 'REMEMBER_TOKEN_REVOKED',
      description: 'Accesso automatico revocato su un dispositivo',
      userId,
      origin,
    });
  }

  /** Every login session and remember token of the user ends, the caller's own included. */
  async logoutEverywhere(auth: AuthContext, origin: RequestOrigin): Promise<void> {
    const now = this.clock.now();
    await this.repository.transaction(async (repository) => {
      await repository.revokeUserSessions(auth.user.id, now);
      await repository.revokeUserRememberTokens(auth.user.id, now);
    });
    await this.audit.record({
      action: 'LOGOUT_EVERYWHERE',
      description: 'Logout da tutti i dispositivi',
      userId: auth.user.id,
      origin,
      metadata: { sessionId: auth.sessionId },
    });
  }

  /** The user and session behind a bearer token, refused when either is no longer valid. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const claims = token ? await this.accessTokens.verify(token) : null;
    if (!claims) throw sessionInvalid();
    const found = await this.repository.findSessionUser(claims.sessionId, claims.userId);
    if (
      !found ||
      found.revoked ||
      loginBlockReason(found.user) ||
      this.outlived(found.createdAt, this.clock.now())
    ) {
      throw sessionInvalid();
    }
    return { user: found.user, sessionId: claims.sessionId };
  }

  /** Past the absolute lifetime: the access token of an old session stops with its refresh. */
  private outlived(createdAt: Date, now: Date): boolean {
    return now.getTime() - createdAt.getTime() >= this.options.sessionMaxHours * 60 * 60 * 1000;
  }
}
