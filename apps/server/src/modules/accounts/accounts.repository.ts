import { accounts, investments, users, type AccountRow, type Database } from '@platform/db';
import { INVESTMENT_DELETION_REQUESTED } from '@platform/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';

export type AccountValues = Pick<
  AccountRow,
  | 'accountId'
  | 'isDemo'
  | 'brokerName'
  | 'usernameEncrypted'
  | 'passwordEncrypted'
  | 'apikeyEncrypted'
  | 'ownerId'
>;

const ownerColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  isPro: users.isPro,
};

export class AccountsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (repository: AccountsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new AccountsRepository(tx)));
  }

  /** ownerId limits the list to one owner's accounts. */
  list(ownerId?: string) {
    const query = this.db
      .select({ account: accounts, owner: ownerColumns })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id))
      .$dynamic();
    return ownerId ? query.where(eq(accounts.ownerId, ownerId)) : query;
  }

  async findById(id: string) {
    const [found] = await this.db
      .select({ account: accounts, owner: ownerColumns })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .where(eq(accounts.id, id))
      .limit(1);
    return found;
  }

  async userExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return row !== undefined;
  }

  /** The id is chosen by the caller: the credentials' ciphertexts are bound to it before the insert. */
  async insert(id: string, values: AccountValues): Promise<void> {
    await this.db.insert(accounts).values({ id, ...values });
  }

  async update(id: string, values: Partial<AccountValues>): Promise<void> {
    await this.db
      .update(accounts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(accounts.id, id));
  }

  async countLiveInvestments(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(investments)
      .where(
        and(eq(investments.accountId, accountId), ne(investments.isRunning, INVESTMENT_DELETION_REQUESTED)),
      );
    return row?.count ?? 0;
  }

  /** Removes the account with the investments whose deletion was already requested. */
  async deleteWithRetiredInvestments(accountId: string): Promise<void> {
    await this.db.delete(investments).where(eq(investments.accountId, accountId));
    await this.db.delete(accounts).where(eq(accounts.id, accountId));
  }
}
