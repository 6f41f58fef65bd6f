// What an investment's view reads (issue 36, point 2): its market and start, its closed cycles
// (transactions) around a period, and the filled entries of the cycle its bot holds open.
import { algorithms, botOrders, investments, transactions, type Database } from '@platform/db';
import { and, asc, eq, gte, lt, lte, min, notInArray, sql, type SQL } from 'drizzle-orm';
import { closedCycleIds, filledOrders } from '../bots/bots.repository';

/** Whose transactions: the investment's, and of them only those the viewer owned when they closed (a customer). */
export interface CycleScope {
  investmentId: string;
  /** undefined: every owner's (an admin). */
  ownerId: string | undefined;
}

const scoped = ({ investmentId, ownerId }: CycleScope, ...more: SQL[]) =>
  and(
    eq(transactions.investmentId, investmentId),
    ...(ownerId === undefined ? [] : [eq(transactions.userId, ownerId)]),
    ...more,
  );

export class InvestmentChartRepository {
  constructor(private readonly db: Database) {}

  /** The market its algorithm trades and when it was added; undefined when there is no such investment. */
  async subject(investmentId: string) {
    const [row] = await this.db
      .select({ market: algorithms.market, createdAt: investments.createdAt })
      .from(investments)
      .innerJoin(algorithms, eq(algorithms.id, investments.algorithmId))
      .where(eq(investments.id, investmentId))
      .limit(1);
    return row;
  }

  async firstOpenedAt(scope: CycleScope): Promise<Date | null> {
    const [row] = await this.db
      .select({ first: min(transactions.openedAt) })
      .from(transactions)
      .where(scoped(scope));
    return row?.first ?? null;
  }

  /** EUR of the cycles closed before `from`. */
  async profitBefore(scope: CycleScope, from: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${transactions.profitLoss}), 0)` })
      .from(transactions)
      .where(scoped(scope, lt(transactions.closedAt, from)));
    return Number(row?.total ?? 0);
  }

  /** The cycles open at some moment of [from, to]: closed at or after from, opened by to; oldest close first. */
  cyclesIn(scope: CycleScope, from: Date, to: Date) {
    return this.db
      .select()
      .from(transactions)
      .where(scoped(scope, gte(transactions.closedAt, from), lte(transactions.openedAt, to)))
      .orderBy(asc(transactions.closedAt), asc(transactions.id));
  }

  /** The filled entries of the cycles that have no filled close: the positions the bot holds. */
  openEntries(investmentId: string) {
    return this.db
      .select({
        id: botOrders.id,
        level: botOrders.level,
        lots: botOrders.lots,
        fillPrice: botOrders.fillPrice,
        bid: botOrders.bid,
        createdAt: botOrders.createdAt,
        confirmedAt: botOrders.confirmedAt,
      })
      .from(botOrders)
      .where(
        and(
          filledOrders(investmentId, 'open'),
          notInArray(botOrders.cycleId, closedCycleIds(this.db, investmentId)),
        ),
      )
      .orderBy(asc(botOrders.createdAt), asc(botOrders.id));
  }
}
