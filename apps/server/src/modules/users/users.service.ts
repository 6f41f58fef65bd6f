// User management by admins: create (with an invitation mail), edit, review status, deletion
// request. A deletion request blocks login and leaves the user's positions alone.
import { USER_MESSAGES, type ManagedUser, type RequestStatus, type UserFormInput } from '@platform/contracts';
import type { UserRow } from '@platform/db';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { PasswordsService } from '../auth/passwords.service';
import { toSessionUser } from '../auth/session-user';
import type { AuditTrail } from '../logs/logs.service';
import type { UsersRepository } from './users.repository';

export interface Actor {
  id: string;
}

export function toManagedUser(user: UserRow): ManagedUser {
  return {
    ...toSessionUser(user),
    request: { status: user.requestStatus, message: user.requestMessage },
    eula: {
      contract: {
        accepted: user.eulaContractAccepted,
        signedAt: user.eulaContractSignedAt?.toISOString() ?? null,
      },
      autotrading: {
        accepted: user.eulaAutotradingAccepted,
        signedAt: user.eulaAutotradingSignedAt?.toISOString() ?? null,
      },
    },
    deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export class UsersService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    /** Sends the set-password link to new and newly approved users. */
    private readonly invitations: Pick<PasswordsService, 'sendInvitation'>,
  ) {}

  async list(): Promise<ManagedUser[]> {
    return (await this.repository.list()).map(toManagedUser);
  }

  async create(actor: Actor, form: UserFormInput, origin: RequestOrigin): Promise<ManagedUser> {
    if (await this.repository.usernameTaken(form.username)) throw conflict(USER_MESSAGES.duplicate);
    const user = await this.repository.insert({
      ...this.profileOf(form, undefined),
      requestStatus: 'approved',
      otpStatus: 'not-configured',
    });
    if (!user) throw conflict(USER_MESSAGES.duplicate);
    await this.audit.record({
      action: 'USER_CREATED',
      description: `Utente creato: ${user.username}`,
      userId: actor.id,
      origin,
      metadata: { targetUserId: user.id },
    });
    await this.invitations.sendInvitation(user, origin);
    return toManagedUser(user);
  }

  async update(actor: Actor, id: string, form: UserFormInput, origin: RequestOrigin): Promise<ManagedUser> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    if (await this.repository.usernameTaken(form.username, id)) throw conflict(USER_MESSAGES.duplicate);
    const updated = await this.repository.update(id, this.profileOf(form, current));
    if (!updated) throw notFound(USER_MESSAGES.notFound);
    await this.audit.record({
      action: 'USER_UPDATED',
      description: `Utente aggiornato: ${updated.username}`,
      userId: actor.id,
      origin,
      metadata: { targetUserId: id },
    });
    return toManagedUser(updated);
  }

  /** Approving a request without a password sends the invitation; an admin never reviews themselves. */
  async review(actor: Actor, id: string, status: RequestStatus, origin: RequestOrigin): Promise<ManagedUser> {
    if (id === actor.id) throw forbidden(USER_MESSAGES.ownStatus);
    const current = await this.repository.findById(id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    const updated = await this.repository.update(id, { requestStatus: status });
    if (!updated) throw notFound(USER_MESSAGES.notFound);
    await this.audit.record({
      action: 'USER_STATUS_CHANGED',
      description: `Stato di ${updated.username}: ${current.requestStatus} -> ${status}`,
      userId: actor.id,
      origin,
      metadata: { targetUserId: id, from: current.requestStatus, to: status },
    });
    if (status === 'approved' && current.requestStatus !== 'approved' && updated.passwordHash === null) {
      await this.invitations.sendInvitation(updated, origin);
    }
    return toManagedUser(updated);
  }

  async requestDeletion(actor: Actor, id: string, origin: RequestOrigin): Promise<ManagedUser> {
    if (id === actor.id) throw forbidden(USER_MESSAGES.ownDeletion);
    const current = await this.repository.findById(id);
    if (!current) throw notFound(USER_MESSAGES.notFound);
    const updated = await this.repository.update(id, {
      deletionRequestedAt: current.deletionRequestedAt ?? this.clock.now(),
    });
    if (!updated) throw notFound(USER_MESSAGES.notFound);
    await this.audit.record({
      action: 'USER_DELETION_REQUESTED',
      description: `Richiesta di eliminazione per ${updated.username}: accesso bloccato, posizioni lasciate aperte`,
      userId: actor.id,
      origin,
      metadata: { targetUserId: id },
    });
    return toManagedUser(updated);
  }

  /** Accepting the contract stamps the signing time; an admin's role is not changed by the form. */
  private profileOf(form: UserFormInput, current: UserRow | undefined) {
    const now = this.clock.now();
    const contractAccepted = form.eula.contract.accepted;
    return {
      firstname: form.firstname,
      lastname: form.lastname,
      username: form.username,
      role: current?.role === 'admin' ? ('admin' as const) : form.role,
      isPro: form.isPro,
      eulaContractAccepted: contractAccepted,
      eulaContractSignedAt: contractAccepted
        ? current?.eulaContractAccepted
          ? current.eulaContractSignedAt
          : now
        : null,
      eulaAutotradingAccepted: false,
      eulaAutotradingSignedAt: null,
    };
  }
}
