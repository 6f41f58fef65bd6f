import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_RUNNING,
  type Investment,
  type Market,
} from '@platform/contracts';
import { accounts, algorithms, investments, users, type Database, type InvestmentRow } from '@platform/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { jsonFields, jsonObject, OwnerScopedJsonList, type JsonText } from '../../lib/json-list';
import { withAccountOwnerAndAlgorithm } from './investment-joins';

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

/** An investment's state as the monitoring view shows its bot. */
export interface InvestmentState {
  id: string;
  isRunning: number;
  statusMessage: string | null;
}

/** One investment as the calls on it answer it: with its account, owner and algorithm. */
const selectListed = (db: Database) =>
  withAccountOwnerAndAlgorithm(db.select(listColumns).from(investments).$dynamic());

/** An investment as the API answers it, the shape toInvestment (investments.service.ts) makes. */
const investmentFields = jsonFields({
  _id: investments.id,
  account: jsonObject({
    _id: accounts.id,
    accountId: accounts.accountId,
    username: users.username,
    owner: jsonObject({ _id: users.id, username: users.username, isPro: users.isPro }),
  }),
  algorithm: jsonObject({ _id: algorithms.id, name: algorithms.name }),
  capital: investments.capital,
  parameters: jsonObject({
    leverage: investments.leverage,
    size: investments.size,
    additional: investments.additional,
    maxcontracts: investments.maxContracts,
  }),
  isRunning: investments.isRunning,
  statusMessage: investments.statusMessage,
});

export class InvestmentsRepository {
  // The list every open overview and investments view asks for every 5 s, oldest first, written
  // as JSON by the database (lib/json-list.ts).
  private readonly lists: OwnerScopedJsonList<Investment[]>;

  constructor(private readonly db: Database) {
    this.lists = new OwnerScopedJsonList(
      db,
      (ofOwner) =>
        withAccountOwnerAndAlgorithm(db.select(investmentFields).from(investments).$dynamic())
          .where(ofOwner)
          .orderBy(asc(investments.createdAt), asc(investments.id)),
      accounts.ownerId,
      'investments_list',
    );
  }

  /** Runs fn on a repository bound to one transaction: all of it lands or none. */
  transaction<T>(fn: (repository: InvestmentsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new InvestmentsRepository(tx)));
  }

  /** ownerId limits the list to investments on that user's accounts. */
  listJson(ownerId?: string): Promise<JsonText<Investment[]>> {
    return this.lists.run(ownerId);
  }

  async findById(id: string) {
    const [row] = await selectListed(this.db).where(eq(investments.id, id)).limit(1);
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

  /**
   * The account locked for the rest of the transaction, so that two starts on it (two requests,
   * two servers) decide one after the other; with whether it is a demo account and its broker id.
   */
  async lockAccount(id: string) {
    const [row] = await this.db
      .select({ id: accounts.id, accountId: accounts.accountId, isDemo: accounts.isDemo })
      .from(accounts)
      .where(eq(accounts.id, id))
      .for('update');
    return row;
  }

  async marketOf(algorithmId: string): Promise<Market | undefined> {
    const [row] = await this.db
      .select({ market: algorithms.market })
      .from(algorithms)
      .where(eq(algorithms.id, algorithmId))
      .limit(1);
    return row?.market;
  }

  /** Whether another investment on the account runs (state 1) an algorithm of this market. */
  async otherRunsOnMarket(accountId: string, market: Market, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: investments.id })
      .from(investments)
      .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId))
      .where(
        and(
          eq(investments.accountId, accountId),
          eq(investments.isRunning, INVESTMENT_RUNNING),
          eq(algorithms.market, market),
          exceptId ? ne(investments.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Sets the state unless the deletion was requested meanwhile; false when it was (or no such investment). */
  async setState(id: string, isRunning: number, statusMessage: string | null): Promise<boolean> {
    const rows = await this.db
      .update(investments)
      .set({ isRunning, statusMessage, updatedAt: sql`now()` })
      .where(and(eq(investments.id, id), ne(investments.isRunning, INVESTMENT_DELETION_REQUESTED)))
      .returning({ id: investments.id });
    return rows.length > 0;
  }

  /** The states of the investments whose bots the monitoring view lists (every state but 3). */
  states(isRunning: readonly number[]): Promise<InvestmentState[]> {
    return this.db
      .select({
        id: investments.id,
        isRunning: investments.isRunning,
        statusMessage: investments.statusMessage,
      })
      .from(investments)
      .where(inArray(investments.isRunning, [...isRunning]));
  }
}
