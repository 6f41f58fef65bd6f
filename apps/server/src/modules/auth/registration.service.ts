// Contact requests from prospects: each becomes a pending user without a password, which an
// admin approves. The answer is the same whether or not the address is known.
import { CONTACT_MESSAGES, type RegisterRequest } from '@platform/contracts';
import { badRequest } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { Mailer } from '../../lib/mailer';
import type { AuditTrail } from '../logs/logs.service';
import type { AuthRepository } from './auth.repository';
import { registrationRequestMail } from './auth.mails';
import type { CaptchaVerifier } from './captcha';

export class RegistrationService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly audit: AuditTrail,
    private readonly mailer: Mailer,
    private readonly captcha: CaptchaVerifier,
  ) {}

  challenge(): Promise<Record<string, unknown>> {
    return this.captcha.challenge();
  }

  async register(input: RegisterRequest, origin: RequestOrigin): Promise<void> {
    if (!(await this.captcha.verify(input.token))) throw badRequest(CONTACT_MESSAGES.captchaInvalid);
    const created = await this.repository.insertUserIfNew({
      firstname: input.firstname,
      lastname: input.lastname ?? '',
      username: input.username,
      role: 'user',
      requestStatus: 'pending',
      requestMessage: input.message,
    });
    await this.audit.record({
      action: created ? 'REGISTRATION_REQUESTED' : 'REGISTRATION_DUPLICATE',
      description: created
        ? `Richiesta di registrazione da ${input.username}`
        : `Richiesta di registrazione ripetuta per un indirizzo già presente: ${input.username}`,
      origin,
      metadata: { username: input.username, firstname: input.firstname },
    });
    if (!created) return;
    for (const admin of await this.repository.listAdminEmails()) {
      await this.mailer.send(registrationRequestMail(admin, input));
    }
  }
}
