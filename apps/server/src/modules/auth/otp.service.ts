// Two-factor authentication with TOTP: setup (a pending secret confirmed by a first code),
// turning it off, and the check of a code that login, password change and reset share.
import {
  APP_NAME,
  OTP_MESSAGES,
  PASSWORD_MESSAGES,
  SECURITY_MESSAGES,
  USER_MESSAGES,
  type Role,
} from '@platform/contracts';
import type { UserRow } from '@platform/db';
import type { Clock } from '../../lib/clock';
import type { AtRestCipher } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { cellOf, SEALED_COLUMNS } from '../../lib/sealed-columns';
import { matchTotpStep, newTotpSecret, totpUri } from '../../lib/totp';
import type { AuditTrail } from '../logs/logs.service';
import type { AuthRepository } from './auth.repository';
import type { LoginThrottle } from './login-throttle';

/** How long a password login or verify-password lets the session change its 2FA without the password again. */
export const PASSWORD_PROOF_MS = 5 * 60_000;

/** Who changes a 2FA: a session, or the holder of a setup token (who gave the password at issuedAt). */
export interface OtpActor {
  user: UserRow;
  sessionId: string | null;
  setupIssuedAt: Date | null;
}

export interface OtpSetup {
  secret: string;
  uri: string;
}

export class OtpService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    /** Encrypts TOTP secrets at rest. */
    private readonly secrets: AtRestCipher,
    private readonly throttle: LoginThrottle,
    /** Roles that may not be without 2FA (REQUIRE_2FA_FOR). */
    private readonly otpRequiredFor: readonly Role[],
  ) {}

  /**
   * Whether code is a valid, never used code of the user's enabled secret. Wrong codes count
   * towards the user's code lock (429 once locked); a missing code is no guess and counts nothing.
   */
  async acceptCode(user: UserRow, code: string | undefined, origin: RequestOrigin): Promise<boolean> {
    const { otpSecret } = user;
    if (!code || user.otpStatus !== 'enabled' || !otpSecret) return false;
    return this.throttle.guardCode(user, origin, async () => {
      const step = matchTotpStep(
        this.secrets.decrypt(otpSecret, cellOf(SEALED_COLUMNS.otpSecret, user.id)),
        code,
        this.clock.now(),
      );
      return step !== null && (await this.repository.claimOtpStep(user.id, step));
    });
  }

  /** A new secret, pending until a code of it is verified; an enabled one stays in force meanwhile. */
  async startSetup(actor: OtpActor, password: string | undefined, origin: RequestOrigin): Promise<OtpSetup> {
    const { user } = actor;
    if (user.otpStatus === 'enabled') throw conflict(SECURITY_MESSAGES.otpAlreadyEnabled);
    // Someone at an unattended session must not tie the account to their own authenticator.
    await this.requireRecentPassword(actor, password, origin);
    const secret = newTotpSecret();
    await this.repository.updateUser(user.id, {
      otpPendingSecret: this.secrets.encrypt(secret, cellOf(SEALED_COLUMNS.otpPendingSecret, user.id)),
    });
    await this.audit.record({
      action: 'OTP_SETUP_STARTED',
      description: 'Configurazione 2FA avviata',
      userId: user.id,
      origin,
    });
    return { secret, uri: totpUri(secret, user.username, APP_NAME) };
  }

  /**
   * Confirms the pending secret with a code. Without a pending setup, a code of the enabled
   * secret is simply checked (the "token only" use of the verify call).
   */
  async verify(
    user: UserRow,
    input: { token: string; secret?: string | undefined },
    origin: RequestOrigin,
  ): Promise<void> {
    if (!user.otpPendingSecret) {
      if (user.otpStatus === 'enabled' && input.secret === undefined) {
        if (await this.acceptCode(user, input.token, origin)) return;
        throw badRequest(OTP_MESSAGES.invalidSettings);
      }
      throw badRequest('Nessuna configurazione 2FA in corso: genera prima il codice QR.');
    }
    const pending = this.secrets.decrypt(
      user.otpPendingSecret,
      cellOf(SEALED_COLUMNS.otpPendingSecret, user.id),
    );
    if (input.secret !== undefined && input.secret.replace(/\s+/g, '').toUpperCase() !== pending) {
      throw badRequest('Il segreto OTP non corrisponde a quello generato.');
    }
    const step = matchTotpStep(pending, input.token, this.clock.now());
    // Counted like any code check: a guess at the pending secret is still a guess.
    await this.throttle.guardCode(user, origin, () => Promise.resolve(step !== null));
    if (step === null) {
      await this.audit.record({
        action: 'OTP_VERIFY_FAILED',
        description: 'Codice 2FA errato durante la configurazione',
        userId: user.id,
        origin,
      });
      throw badRequest(OTP_MESSAGES.invalidSettings);
    }
    await this.repository.updateUser(user.id, {
      otpStatus: 'enabled',
      // Encrypted again: each column's ciphertexts are bound to that column.
      otpSecret: this.secrets.encrypt(pending, cellOf(SEALED_COLUMNS.otpSecret, user.id)),
      otpPendingSecret: null,
      otpLastStep: step,
    });
    await this.audit.record({
      action: 'OTP_ENABLED',
      description: 'Autenticazione a due fattori attivata',
      userId: user.id,
      origin,
    });
  }

  /**
   * Turning off an enabled 2FA takes a code and a recent password; skipping the setup offered at
   * login takes neither. Roles that must have 2FA can do neither.
   */
  async disable(
    actor: OtpActor,
    input: { token?: string | undefined; password?: string | undefined },
    origin: RequestOrigin,
  ): Promise<void> {
    const { user } = actor;
    if (this.otpRequiredFor.includes(user.role)) throw conflict(SECURITY_MESSAGES.otpMandatory);
    if (user.otpStatus === 'enabled') {
      if (!input.token) throw badRequest(OTP_MESSAGES.codeRequired);
      await this.requireRecentPassword(actor, input.password, origin);
      if (!(await this.acceptCode(user, input.token, origin))) throw badRequest(OTP_MESSAGES.invalidSettings);
    }
    await this.repository.updateUser(user.id, {
      otpStatus: 'disabled',
      otpSecret: null,
      otpPendingSecret: null,
    });
    const description =
      user.otpStatus === 'enabled'
        ? 'Autenticazione a due fattori disattivata'
        : 'Configurazione 2FA saltata';
    await this.audit.record({ action: 'OTP_DISABLED', description, userId: user.id, origin });
  }

  /** An admin takes a user's 2FA away (a lost phone): the next login offers, or demands, a new setup. */
  async resetByAdmin(actorId: string, userId: string, origin: RequestOrigin): Promise<UserRow> {
    // An admin's own 2FA changes only with its code, in the settings.
    if (userId === actorId) throw forbidden(SECURITY_MESSAGES.ownOtpReset);
    const user = await this.repository.findUserById(userId);
    if (!user) throw notFound(USER_MESSAGES.notFound);
    await this.repository.updateUser(user.id, {
      otpStatus: 'not-configured',
      otpSecret: null,
      otpPendingSecret: null,
    });
    await this.throttle.clearCodes(user.id);
    await this.audit.record({
      action: 'OTP_RESET_BY_ADMIN',
      description: `2FA azzerata da un amministratore: ${user.username}`,
      userId: actorId,
      origin,
      metadata: { targetUserId: user.id, previousStatus: user.otpStatus },
    });
    return { ...user, otpStatus: 'not-configured', otpSecret: null, otpPendingSecret: null };
  }

  /** A password given now, or one the session (or the setup token's login) proved in the last minutes. */
  private async requireRecentPassword(
    actor: OtpActor,
    password: string | undefined,
    origin: RequestOrigin,
  ): Promise<void> {
    const now = this.clock.now();
    const provedAt =
      actor.setupIssuedAt ??
      (actor.sessionId ? await this.repository.findPasswordProof(actor.sessionId) : undefined);
    if (provedAt && now.getTime() - provedAt.getTime() <= PASSWORD_PROOF_MS) return;
    if (password === undefined) throw badRequest(SECURITY_MESSAGES.passwordProofRequired);
    if (!(await this.throttle.verifyUserPassword(actor.user, password, origin)))
      throw badRequest(PASSWORD_MESSAGES.wrong);
    if (actor.sessionId) await this.repository.recordPasswordProof(actor.sessionId, now);
  }
}
