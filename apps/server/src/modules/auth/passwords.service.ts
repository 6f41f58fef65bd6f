// Passwords: change (with 2FA when enabled), re-verification before showing secrets, and the
// forgotten-password flow by a single-use mailed link.
import {
  OTP_MESSAGES,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_LINK_MINUTES,
  type ChangePasswordInput,
  type PasswordReset,
  type PasswordResetRequestInput,
  type VerifyPasswordResponse,
} from '@platform/contracts';
import type { UserRow } from '@platform/db';
import type { Clock } from '../../lib/clock';
import { hashToken, newOpaqueToken } from '../../lib/crypto';
import { AppError, badRequest, resetTokenInvalid } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { Mailer } from '../../lib/mailer';
import type { RevealCipher } from '../../lib/reveal';
import type { AuditTrail } from '../logs/logs.service';
import type { AuthRepository } from './auth.repository';
import {
  INVITATION_LINK_DAYS,
  invitationMail,
  passwordResetMail,
  passwordResetNeedsOtpMail,
} from './auth.mails';
import type { AuthContext } from './auth.service';
import type { LoginThrottle } from './login-throttle';
import type { OtpService } from './otp.service';
import { loginBlockReason } from './session-user';

export interface PasswordsServiceOptions {
  /** Base of the links in mails, e.g. https://app.example.com */
  publicUrl: string;
  /** The per-session key under which credentials are revealed (DESIGN.md section 4). */
  reveal: RevealCipher;
}

export class PasswordsService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly otp: OtpService,
    private readonly throttle: LoginThrottle,
    private readonly options: PasswordsServiceOptions,
  ) {}

  async change(auth: AuthContext, input: ChangePasswordInput, origin: RequestOrigin): Promise<void> {
    const { user } = auth;
    if (!(await this.throttle.verifyUserPassword(user, input.currentPassword, origin))) {
      await this.audit.record({
        action: 'PASSWORD_CHANGE_FAILED',
        description: 'Cambio password: password attuale errata',
        userId: user.id,
        origin,
      });
      throw badRequest(PASSWORD_MESSAGES.wrong);
    }
    if (user.otpStatus === 'enabled') {
      if (!input.otpCode) throw badRequest(OTP_MESSAGES.codeRequired);
      if (!(await this.otp.acceptCode(user, input.otpCode, origin)))
        throw badRequest(OTP_MESSAGES.invalidSettings);
    }
    const passwordHash = await this.throttle.hashPassword(input.newPassword);
    const now = this.clock.now();
    // Other devices logged in with the old password are signed out; this one stays.
    await this.repository.transaction(async (repository) => {
      await repository.updateUser(user.id, { passwordHash });
      await repository.revokeUserSessions(user.id, now, auth.sessionId);
      await repository.revokeUserRememberTokens(user.id, now);
    });
    await this.audit.record({
      action: 'PASSWORD_CHANGED',
      description: 'Password cambiata',
      userId: user.id,
      origin,
    });
  }

  /** Proves the user is at the keyboard; answers the key that decrypts this session's credential ciphertexts. */
  async verify(auth: AuthContext, password: string, origin: RequestOrigin): Promise<VerifyPasswordResponse> {
    if (!(await this.throttle.verifyUserPassword(auth.user, password, origin))) {
      await this.audit.record({
        action: 'PASSWORD_VERIFY_FAILED',
        description: 'Verifica password fallita',
        userId: auth.user.id,
        origin,
      });
      throw badRequest(PASSWORD_MESSAGES.wrong);
    }
    // For the next minutes the session may change its 2FA without the password again, and the
    // accounts list sends credentials under the key of this proof (lib/reveal.ts).
    const provedAt = this.clock.now();
    await this.repository.recordPasswordProof(auth.sessionId, provedAt, { verified: true });
    await this.audit.record({
      action: 'PASSWORD_VERIFIED',
      description: 'Password verificata',
      userId: auth.user.id,
      origin,
    });
    return { revealKey: this.options.reveal.keyFor(auth.sessionId, provedAt) };
  }

  /**
   * Always answers ok, so the call does not tell which addresses have an account. An account
   * with 2FA gets the link only when the request carried a valid code, else a mail saying so.
   */
  async requestReset(input: PasswordResetRequestInput, origin: RequestOrigin): Promise<void> {
    const username = input.username.trim().toLowerCase();
    const user = await this.repository.findUserByUsername(username);
    if (!user || loginBlockReason(user)) {
      await this.audit.record({
        action: 'PASSWORD_RESET_IGNORED',
        description: `Richiesta di reset per un account inesistente o non attivo: ${username}`,
        userId: user?.id ?? null,
        origin,
      });
      return;
    }
    if (user.otpStatus === 'enabled' && !(await this.acceptResetCode(user, input.otpCode, origin))) {
      await this.mailer.send(passwordResetNeedsOtpMail(user.username));
      await this.audit.record({
        action: 'PASSWORD_RESET_OTP_FAILED',
        description: 'Richiesta di reset senza codice 2FA valido',
        userId: user.id,
        origin,
      });
      return;
    }
    const token = newOpaqueToken();
    const now = this.clock.now();
    await this.repository.transaction(async (repository) => {
      await repository.expireOpenPasswordTokens(user.id, 'reset', now);
      await repository.insertPasswordToken({
        userId: user.id,
        purpose: 'reset',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_LINK_MINUTES * 60_000),
      });
    });
    await this.mailer.send(
      passwordResetMail(user.username, `${this.options.publicUrl}/reset-password?token=${token}`),
    );
    await this.audit.record({
      action: 'PASSWORD_RESET_REQUESTED',
      description: 'Link di reset password inviato',
      userId: user.id,
      origin,
    });
  }

  /** Mails a new user the link that sets their first password; earlier invitations stop working. */
  async sendInvitation(
    user: { id: string; username: string; firstname: string },
    origin: RequestOrigin,
  ): Promise<void> {
    const token = newOpaqueToken();
    const now = this.clock.now();
    await this.repository.transaction(async (repository) => {
      await repository.expireOpenPasswordTokens(user.id, 'invite', now);
      await repository.insertPasswordToken({
        userId: user.id,
        purpose: 'invite',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60_000),
      });
    });
    await this.mailer.send(
      invitationMail(
        user.username,
        user.firstname,
        `${this.options.publicUrl}/reset-password?token=${token}`,
      ),
    );
    await this.audit.record({
      action: 'INVITATION_SENT',
      description: `Invito inviato a ${user.username}`,
      userId: user.id,
      origin,
    });
  }

  /** Sets the password from a mailed link; every open session of the user ends. */
  async reset(input: PasswordReset, origin: RequestOrigin): Promise<void> {
    const now = this.clock.now();
    const stored = await this.repository.findPasswordToken(hashToken(input.token));
    if (!stored || stored.usedAt || stored.expiresAt <= now) throw resetTokenInvalid();
    const passwordHash = await this.throttle.hashPassword(input.newPassword);
    const consumed = await this.repository.transaction(async (repository) => {
      if (!(await repository.consumePasswordTokens(stored.userId, stored.id, now))) return false;
      await repository.updateUser(stored.userId, { passwordHash });
      await repository.revokeUserSessions(stored.userId, now);
      await repository.revokeUserRememberTokens(stored.userId, now);
      return true;
    });
    if (!consumed) throw resetTokenInvalid();
    await this.audit.record({
      action: stored.purpose === 'invite' ? 'PASSWORD_SET' : 'PASSWORD_RESET',
      description:
        stored.purpose === 'invite'
          ? 'Password impostata dal link di invito'
          : 'Password reimpostata dal link ricevuto per e-mail',
      userId: stored.userId,
      origin,
    });
  }

  /** A locked code check is a missing code here: this call answers the same whatever happens. */
  private async acceptResetCode(
    user: UserRow,
    code: string | undefined,
    origin: RequestOrigin,
  ): Promise<boolean> {
    try {
      return await this.otp.acceptCode(user, code, origin);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) return false;
      throw error;
    }
  }
}
