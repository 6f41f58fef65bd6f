import { accounts, algorithms, investments, transactions, type Database } from '@platform/db';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { withAccountAndAlgorithm } from '../investments/investment-joins';

/** Whose cycles of an investment: all of them (admins), or those of one owner (DESIGN.md section 4). */
export interface LedgerScope {
  investmentId: string;
  /** The owner at the time of the trade (transactions.userId); undefined for every owner. */
  userId?: string;
  /** closedAt in [from, to); open-ended without them. */
  from?: Date;
  to?: Date;
}

export interface LedgerLine {
  openedAt: Date;
  closedAt: Date;
  market: 'GOLD' | 'NASDAQ' | 'EURUSD';
  lots: number;
  entryPrice: number;
  exitPrice: number;
  reason: 'take-profit' | 'stop' | 'close';
  profitLoss: number;
}

/** Where the next page starts: closed_at as Postgres writes it (to the microsecond), and the id. */
interface PageCursor {
  closedAt: string;
  id: string;
}

function scopeWhere(scope: LedgerScope): SQL | undefined {
  return and(
    eq(transactions.investmentId, scope.investmentId),
    scope.userId ? eq(transactions.userId, scope.userId) : undefined,
    scope.from ? gte(transactions.closedAt, scope.from) : undefined,
    scope.to ? lt(transactions.closedAt, scope.to) : undefined,
  );
}

export class StatementsRepository {
  constructor(private readonly db: Database) {}

  /** What a statement's heading names: the broker's account id and the algorithm's market. */
  async investmentHeading(id: string) {
    const query = this.db
      .select({ accountId: accounts.accountId, brokerName: accounts.brokerName, market: algorithms.market })
      .from(investments)
      .$dynamic();
    const [row] = await withAccountAndAlgorithm(query).where(eq(investments.id, id)).limit(1);
    return row;
  }

  /**
   * The cycles in the order they closed, a page at a time (keyset on closed_at and id, over the
   * index transactions_investment_closed_idx): each page is a short query, so an export of a
   * million rows holds one page in memory and never keeps a transaction open (PGlite has one
   * connection, which a long-running cursor would hold from every other request). The cursor is
   * closed_at as text, exact to the microsecond, where a JavaScript Date would cut it to the
   * millisecond and could repeat or skip a row.
   */
  async *pages(scope: LedgerScope, pageSize: number): AsyncGenerator<LedgerLine[]> {
    let cursor: PageCursor | undefined;
    for (;;) {
      const rows = await this.db
        .select({
          id: transactions.id,
          cursor: sql<string>`${transactions.closedAt}::text`,
          openedAt: transactions.openedAt,
          closedAt: transactions.closedAt,
          market: transactions.market,
          lots: transactions.lots,
          entryPrice: transactions.entryPrice,
          exitPrice: transactions.exitPrice,
          reason: transactions.reason,
          profitLoss: transactions.profitLoss,
        })
        .from(transactions)
        .where(
          and(
            scopeWhere(scope),
            cursor
              ? sql`(${transactions.closedAt}, ${transactions.id}) > (${cursor.closedAt}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(transactions.closedAt), asc(transactions.id))
        .limit(pageSize);
      if (rows.length === 0) return;
      yield rows.map(({ id: _id, cursor: _cursor, ...line }) => line);
      const last = rows[rows.length - 1];
      if (!last || rows.length < pageSize) return;
      cursor = { closedAt: last.cursor, id: last.id };
    }
  }

  /** The count and the sum of profit/loss (EUR) of the cycles in scope. */
  async totals(scope: LedgerScope): Promise<{ cycles: number; stops: number; profitLoss: number }> {
    const [row] = await this.db
      .select({
        cycles: sql<number>`count(*)::int`,
        stops: sql<number>`(count(*) filter (where ${transactions.reason} = 'stop'))::int`,
        profitLoss: sql<number>`coalesce(sum(${transactions.profitLoss}), 0)::float8`,
      })
      .from(transactions)
      .where(scopeWhere(scope));
    return { cycles: row?.cycles ?? 0, stops: row?.stops ?? 0, profitLoss: Number(row?.profitLoss ?? 0) };
  }
}
