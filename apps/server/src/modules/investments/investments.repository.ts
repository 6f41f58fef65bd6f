import { accounts, algorithms, investments, users, type Database, type InvestmentRow } from '@platform/db';
import { asc, eq, sql } from 'drizzle-orm';

export type InvestmentValues = Pick<
  InvestmentRow,
  'accountId' | 'algorithmId' | 'capital' | 'leverage' | 'size' | 'additional' | 'maxContracts'
>;

const listColumns = {
  investment: investments,
  account: { id: accounts.id, accountId: accounts.accountId },
  owner: { id: users.id, username: users.username, isPro: users.isPro },
  algorithm: { id: algorithms.id, name: algorithms.name },
};

export class InvestmentsRepository {
  constructor(private readonly db: Database) {}

  /** ownerId limits the list to investments on that user's accounts. */
  list(ownerId?: string) {
    const query = this.db
      .select(listColumns)
      .from(investments)
      .innerJoin(accounts, eq(accounts.id, investments.accountId))
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId))
      .orderBy(asc(investments.createdAt), asc(investments.id))
      .$dynamic();
    return ownerId ? query.where(eq(accounts.ownerId, ownerId)) : query;
  }

  async findById(id: string) {
    const [row] = await this.db
      .select(listColumns)
      .from(investments)
      .innerJoin(accounts, eq(accounts.id, investments.accountId))
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId))
      .where(eq(investments.id, id))
      .limit(1);
    return row;
  }

  /** The account with its owner's pro flag, which sets the leverage limit. */
  async findAccount(id: string) {
    const [row] = await this.db
      .select({ id: accounts.id, ownerId: accounts.ownerId, ownerIsPro: users.isPro })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.ownerId))
      .where(eq(accounts.id, id))
      .limit(1);
    return row;
  }

  async findAlgorithm(id: string) {
    const [row] = await this.db
      .select({ id: algorithms.id, minCapital: algorithms.minCapital })
      .from(algorithms)
      .where(eq(algorithms.id, id))
      .limit(1);
    return row;
  }

  async insert(values: InvestmentValues & Pick<InvestmentRow, 'isRunning'>): Promise<string> {
    const [row] = await this.db.insert(investments).values(values).returning({ id: investments.id });
    if (!row) throw new Error('investment insert returned nothing');
    return row.id;
  }

  async update(
    id: string,
    values: Partial<InvestmentValues & Pick<InvestmentRow, 'isRunning' | 'statusMessage'>>,
  ): Promise<void> {
    await this.db
      .update(investments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(investments.id, id));
  }
}
