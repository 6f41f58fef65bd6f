// Broker accounts. Credentials are stored encrypted with the server key and leave the server
// only re-encrypted under the caller's session reveal key, within minutes of a verify-password,
// and each time with an audit row. Users and sales own their accounts; admins see all and choose
// the owner.
import { ACCOUNT_MESSAGES, BROKER_NAME, type Account, type AccountFormInput } from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import type { AtRestCipher } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/database-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import type { RevealCipher, Sealer } from '../../lib/reveal';
import { cellOf, SEALED_COLUMNS, type SealedColumn } from '../../lib/sealed-columns';
import type { BotControl } from '../investments/investments.service';
import type { AuditTrail } from '../logs/logs.service';
import type { AccountsRepository, AccountValues } from './accounts.repository';
import { mayAccess, ownerScope, seesEveryone, type Viewer } from '../../lib/policy';

type AccountWithOwner = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;

/**
 * The unique index on broker and account id is the one check of a duplicate: a lookup before the
 * write would let two parallel adds both pass it, and the second would fail as a 500.
 */
function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'accounts_broker_account_idx')) throw conflict(ACCOUNT_MESSAGES.duplicate);
  throw error;
}

export class AccountsService {
  constructor(
    private readonly repository: AccountsRepository,
    private readonly audit: AuditTrail,
    /** Encrypts credentials at rest. */
    private readonly credentials: AtRestCipher,
    private readonly reveal: RevealCipher,
    /** Bots trade with the account's credentials: they start again when those change. */
    private readonly bots: Pick<BotControl, 'accountChanged'>,
  ) {}

  async list(viewer: Viewer, origin: RequestOrigin): Promise<Account[]> {
    const rows = await this.repository.list(ownerScope(viewer));
    return this.present(viewer, rows, origin);
  }

  async create(viewer: Viewer, form: AccountFormInput, origin: RequestOrigin): Promise<Account> {
    if (!form.username) throw badRequest(ACCOUNT_MESSAGES.usernameRequired);
    if (!form.password) throw badRequest(ACCOUNT_MESSAGES.passwordRequired);
    const ownerId = await this.ownerFor(viewer, form.owner, undefined);
    const id = randomUUID();
    await this.repository
      .insert(id, {
        accountId: form.accountId,
        isDemo: form.isDemo,
        brokerName: BROKER_NAME,
        ownerId,
        usernameEncrypted: this.encrypt(form.username, SEALED_COLUMNS.accountUsername, id),
        passwordEncrypted: this.encrypt(form.password, SEALED_COLUMNS.accountPassword, id),
        apikeyEncrypted: form.apikey ? this.encrypt(form.apikey, SEALED_COLUMNS.accountApiKey, id) : null,
      })
      .catch(refuseDuplicate);
    await this.audit.record({
      action: 'ACCOUNT_CREATED',
      description: `Account ${form.accountId} aggiunto`,
      userId: viewer.id,
      origin,
      metadata: { accountId: id, ownerId },
    });
    return this.presentSaved(viewer, id, origin);
  }

  /** Credentials not sent stay as they are (the form sends them only once unlocked). */
  async update(viewer: Viewer, id: string, form: AccountFormInput, origin: RequestOrigin): Promise<Account> {
    const current = await this.findVisible(viewer, id);
    const ownerId = await this.ownerFor(viewer, form.owner, current.account.ownerId);
    const values: Partial<AccountValues> = { accountId: form.accountId, isDemo: form.isDemo, ownerId };
    if (form.username)
      values.usernameEncrypted = this.encrypt(form.username, SEALED_COLUMNS.accountUsername, id);
    if (form.password)
      values.passwordEncrypted = this.encrypt(form.password, SEALED_COLUMNS.accountPassword, id);
    if (form.apikey) values.apikeyEncrypted = this.encrypt(form.apikey, SEALED_COLUMNS.accountApiKey, id);
    await this.repository.update(id, values).catch(refuseDuplicate);
    await this.audit.record({
      action: 'ACCOUNT_UPDATED',
      description: `Account ${form.accountId} aggiornato`,
      userId: viewer.id,
      origin,
      metadata: { accountId: id, credentialsChanged: Boolean(form.username || form.password || form.apikey) },
    });
    this.bots.accountChanged(id);
    return this.presentSaved(viewer, id, origin);
  }

  /** Refused while investments still use the account; those whose deletion was requested go with it. */
  async remove(viewer: Viewer, id: string, origin: RequestOrigin): Promise<void> {
    const current = await this.findVisible(viewer, id);
    await this.repository.transaction(async (repository) => {
      if ((await repository.countLiveInvestments(id)) > 0) throw conflict(ACCOUNT_MESSAGES.inUse);
      await repository.deleteWithRetiredInvestments(id);
    });
    await this.audit.record({
      action: 'ACCOUNT_DELETED',
      description: `Account ${current.account.accountId} eliminato`,
      userId: viewer.id,
      origin,
      metadata: { accountId: id },
    });
  }

  /** Others' accounts answer 404, so their existence is not revealed. */
  private async findVisible(viewer: Viewer, id: string): Promise<AccountWithOwner> {
    const found = await this.repository.findById(id);
    if (!found || !mayAccess(viewer, found.account.ownerId)) throw notFound(ACCOUNT_MESSAGES.notFound);
    return found;
  }

  /** The account just written, as its answer. */
  private async presentSaved(viewer: Viewer, id: string, origin: RequestOrigin): Promise<Account> {
    const found = await this.repository.findById(id);
    const [account] = found ? await this.present(viewer, [found], origin) : [];
    if (!account) throw notFound(ACCOUNT_MESSAGES.notFound);
    return account;
  }

  private async ownerFor(
    viewer: Viewer,
    requested: string | undefined,
    current: string | undefined,
  ): Promise<string> {
    if (!seesEveryone(viewer)) return current ?? viewer.id;
    const ownerId = requested ?? current;
    if (!ownerId) throw badRequest(ACCOUNT_MESSAGES.ownerRequired);
    if (!(await this.repository.userExists(ownerId))) throw badRequest(ACCOUNT_MESSAGES.ownerNotFound);
    return ownerId;
  }

  private encrypt(plaintext: string, column: SealedColumn, id: string): string {
    return this.credentials.encrypt(plaintext, cellOf(column, id));
  }

  /**
   * Credentials go out sealed only while the session's reveal is open (lib/reveal.ts), and each
   * time that happens is audited; otherwise they are empty strings, the spec's shape kept.
   */
  private async present(viewer: Viewer, rows: AccountWithOwner[], origin: RequestOrigin): Promise<Account[]> {
    const seal = await this.reveal.sealerFor(viewer.sessionId);
    if (seal && rows.length > 0) {
      await this.audit.record({
        action: 'CREDENTIALS_REVEALED',
        description: `Credenziali di ${rows.length} account inviate cifrate per la sessione`,
        userId: viewer.id,
        origin,
        metadata: { sessionId: viewer.sessionId, accountIds: rows.map((row) => row.account.id) },
      });
    }
    return rows.map((row) => this.presentOne(row, seal));
  }

  private presentOne({ account, owner }: AccountWithOwner, seal: Sealer | null): Account {
    const revealed = (stored: string, column: SealedColumn) =>
      seal ? seal(this.credentials.decrypt(stored, cellOf(column, account.id))) : '';
    return {
      _id: account.id,
      accountId: account.accountId,
      isDemo: account.isDemo,
      brokerName: account.brokerName,
      username: revealed(account.usernameEncrypted, SEALED_COLUMNS.accountUsername),
      password: revealed(account.passwordEncrypted, SEALED_COLUMNS.accountPassword),
      apikey: account.apikeyEncrypted
        ? revealed(account.apikeyEncrypted, SEALED_COLUMNS.accountApiKey)
        : null,
      owner: {
        _id: owner.id,
        firstname: owner.firstname,
        lastname: owner.lastname,
        username: owner.username,
        isPro: owner.isPro,
      },
    };
  }
}
