// Two-factor authentication with TOTP: setup (a pending secret confirmed by a first code),
// turning it off, and the check of a code that login, password change and reset share.
import { APP_NAME, OTP_MESSAGES } from '@platform/contracts';
import type { UserRow } from '@platform/db';
import type { Clock } from '../../lib/clock';
import { decryptAtRest, encryptAtRest } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { matchTotpStep, newTotpSecret, totpUri } from '../../lib/totp';
import type { AuditTrail } from '../logs/logs.service';
import type { AuthRepository } from './auth.repository';

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
    private readonly secretKey: Buffer,
  ) {}

  /** Whether code is a valid, never used code of the user's enabled secret. */
  async acceptCode(user: UserRow, code: string | undefined): Promise<boolean> {
    if (!code || user.otpStatus !== 'enabled' || !user.otpSecret) return false;
    const secret = decryptAtRest(this.secretKey, user.otpSecret);
    const step = matchTotpStep(secret, code, this.clock.now());
    return step !== null && (await this.repository.claimOtpStep(user.id, step));
  }

  /** A new secret, pending until a code of it is verified; an enabled one stays in force meanwhile. */
  async startSetup(user: UserRow, origin: RequestOrigin): Promise<OtpSetup> {
    if (user.otpStatus === 'enabled') throw conflict('La 2FA è già attiva su questo account.');
    const secret = newTotpSecret();
    await this.repository.updateUser(user.id, { otpPendingSecret: encryptAtRest(this.secretKey, secret) });
    await this.audit.record({ action: 'OTP_SETUP_STARTED', description: 'Configurazione 2FA avviata', userId: user.id, origin });
    return { secret, uri: totpUri(secret, user.username, APP_NAME) };
  }

  /**
   * Confirms the pending secret with a code. Without a pending setup, a code of the enabled
   * secret is simply checked (the "token only" use of the verify call).
   */
  async verify(user: UserRow, input: { token: string; secret?: string | undefined }, origin: RequestOrigin): Promise<void> {
    if (!user.otpPendingSecret) {
      if (user.otpStatus === 'enabled' && input.secret === undefined) {
        if (await this.acceptCode(user, input.token)) return;
        throw badRequest(OTP_MESSAGES.invalidSettings);
      }
      throw badRequest('Nessuna configurazione 2FA in corso: genera prima il codice QR.');
    }
    const pending = decryptAtRest(this.secretKey, user.otpPendingSecret);
    if (input.secret !== undefined && input.secret.replace(/\s+/g, '').toUpperCase() !== pending) {
      throw badRequest('Il segreto OTP non corrisponde a quello generato.');
    }
    const step = matchTotpStep(pending, input.token, this.clock.now());
    if (step === null) {
      await this.audit.record({ action: 'OTP_VERIFY_FAILED', description: 'Codice 2FA errato durante la configurazione', userId: user.id, origin });
      throw badRequest(OTP_MESSAGES.invalidSettings);
    }
    await this.repository.updateUser(user.id, {
      otpStatus: 'enabled',
      otpSecret: user.otpPendingSecret,
      otpPendingSecret: null,
      otpLastStep: step,
    });
    await this.audit.record({ action: 'OTP_ENABLED', description: 'Autenticazione a due fattori attivata', userId: user.id, origin });
  }

  /** Turning off an enabled 2FA takes a code; skipping the setup offered at login does not. */
  async disable(user: UserRow, token: string | undefined, origin: RequestOrigin): Promise<void> {
    if (user.otpStatus === 'enabled') {
      if (!token) throw badRequest(OTP_MESSAGES.codeRequired);
      if (!(await this.acceptCode(user, token))) throw badRequest(OTP_MESSAGES.invalidSettings);
    }
    await this.repository.updateUser(user.id, { otpStatus: 'disabled', otpSecret: null, otpPendingSecret: null });
    const description = user.otpStatus === 'enabled' ? 'Autenticazione a due fattori disattivata' : 'Configurazione 2FA saltata';
    await this.audit.record({ action: 'OTP_DISABLED', description, userId: user.id, origin });
  }
}
