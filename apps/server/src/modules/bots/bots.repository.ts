// What the bots read and write: the set-up of a running investment, their orders, their closed
// cycles as transactions, the investment's state, and the paper broker's book.
import {
  accounts,
  algorithms,
  botOrders,
  investments,
  paperPositions,
  transactions,
  type BotOrderRow,
  type Database,
  type PaperPositionRow,
} from '@platform/db';
import { INVESTMENT_DELETION_REQUESTED, INVESTMENT_FAILED, INVESTMENT_RUNNING } from '@platform/contracts';
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { withAccountAndAlgorithm } from '../investments/investment-joins';

export type NewOrder = Omit<BotOrderRow, 'createdAt' | 'confirmedAt' | 'message'> & { createdAt: Date };

/** A cycle a bot closed: its close order and the transaction it becomes (the owner is looked up). */
export interface ClosingCycle {
  closeId: string;
  investmentId: string;
  transaction: Omit<typeof transactions.$inferInsert, 'investmentId' | 'userId'>;
}

/**
 * The ids of an investment's cycles that a filled close ended, as a subquery: a cycle not among
 * them is the one its bot holds open. The bot's restart (openOrders) and an investment's view
 * (investment-chart.repository.ts) must agree on which cycle that is, so both ask this.
 */
export function closedCycleIds(db: Database, investmentId: string) {
  return db.select({ cycleId: botOrders.cycleId }).from(botOrders).where(filledOrders(investmentId, 'close'));
}

/** The condition on bot_orders for an investment's filled orders of one kind (entries or closes). */
export const filledOrders = (investmentId: string, kind: BotOrderRow['kind']) =>
  and(eq(botOrders.investmentId, investmentId), eq(botOrders.kind, kind), eq(botOrders.status, 'filled'));

export class BotsRepository {
  constructor(private readonly db: Database) {}

  async findInvestment(id: string) {
    const query = this.db
      .select({ investment: investments, account: accounts, algorithm: algorithms })
      .from(investments)
      .$dynamic();
    const [row] = await withAccountAndAlgorithm(query).where(eq(investments.id, id)).limit(1);
    return row;
  }

  /** Ids of the investments whose bots should run. */
  async runningInvestmentIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: investments.id })
      .from(investments)
      .where(eq(investments.isRunning, INVESTMENT_RUNNING));
    return rows.map((row) => row.id);
  }

  async investmentIdsOfAccount(accountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: investments.id })
      .from(investments)
      .where(eq(investments.accountId, accountId));
    return rows.map((row) => row.id);
  }

  async realisedEur(investmentId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${transactions.profitLoss}), 0)` })
      .from(transactions)
      .where(eq(transactions.investmentId, investmentId));
    return Number(row?.total ?? 0);
  }

  /** The orders of cycles that have no filled close, oldest first. */
  openOrders(investmentId: string) {
    return this.db
      .select()
      .from(botOrders)
      .where(
        and(
          eq(botOrders.investmentId, investmentId),
          notInArray(botOrders.cycleId, closedCycleIds(this.db, investmentId)),
        ),
      )
      .orderBy(asc(botOrders.createdAt), asc(botOrders.id));
  }

  /** A retried intent (same id) is written once. */
  async insertOrders(orders: NewOrder[]): Promise<void> {
    await this.db.insert(botOrders).values(orders).onConflictDoNothing();
  }

  /** Confirmations of many bots' orders in one statement; a stop not told keeps the one written. */
  async confirmOrders(
    confirmations: {
      id: string;
      investmentId: string;
      dealId: string;
      fillPrice: number;
      stopLevel: number | null;
    }[],
  ): Promise<void> {
    const rows = confirmations.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.investmentId}::uuid, ${row.dealId}, ${row.fillPrice}::double precision, ${row.stopLevel}::double precision)`,
    );
    await this.db.execute(sql`
      update ${botOrders} set status = 'filled', deal_id = confirmed.deal_id, fill_price = confirmed.fill_price,
        stop_level = coalesce(confirmed.stop_level, ${botOrders.stopLevel}), confirmed_at = now()
      from (values ${sql.join(rows, sql`, `)}) as confirmed(id, investment_id, deal_id, fill_price, stop_level)
      where ${botOrders.id} = confirmed.id and ${botOrders.investmentId} = confirmed.investment_id`);
  }

  /** What an order learnt before its outcome (the broker's reference, its working order, its stop). */
  async updateOrder(
    id: string,
    investmentId: string,
    values: Partial<Pick<BotOrderRow, 'status' | 'dealReference' | 'workingOrderId' | 'stopLevel'>>,
  ): Promise<void> {
    await this.db
      .update(botOrders)
      .set(values)
      .where(and(eq(botOrders.id, id), eq(botOrders.investmentId, investmentId)));
  }

  async settleOrder(
    id: string,
    investmentId: string,
    values: Partial<Pick<BotOrderRow, 'status' | 'dealId' | 'fillPrice' | 'message'>>,
  ) {
    await this.db
      .update(botOrders)
      .set({ ...values, confirmedAt: sql`now()` })
      .where(and(eq(botOrders.id, id), eq(botOrders.investmentId, investmentId)));
  }

  /**
   * Cycles closed by many bots, in one transaction: each close's confirmation together with its
   * cycle's transaction, and a close already written (a retried call) not written twice. Answers,
   * per cycle, false when its investment is gone.
   */
  async closeCycles(cycles: ClosingCycle[]): Promise<boolean[]> {
    return this.db.transaction(async (tx) => {
      const owners = await ownersOf(tx, [...new Set(cycles.map((cycle) => cycle.investmentId))]);
      const present = cycles.filter((cycle) => owners.has(cycle.investmentId));
      if (present.length > 0) {
        const settled = await tx
          .update(botOrders)
          .set({ status: 'filled', confirmedAt: sql`now()` })
          .where(
            and(
              eq(botOrders.status, 'intent'),
              or(
                ...present.map((cycle) =>
                  and(eq(botOrders.id, cycle.closeId), eq(botOrders.investmentId, cycle.investmentId)),
                ),
              ),
            ),
          )
          .returning({ id: botOrders.id, investmentId: botOrders.investmentId });
        // Each close settled now, once (a call retried within the batch is there twice).
        const unwritten = new Set(settled.map((row) => `${row.id} ${row.investmentId}`));
        const fresh = present.filter((cycle) => unwritten.delete(`${cycle.closeId} ${cycle.investmentId}`));
        if (fresh.length > 0)
          await tx.insert(transactions).values(
            fresh.map((cycle) => ({
              ...cycle.transaction,
              investmentId: cycle.investmentId,
              userId: owners.get(cycle.investmentId) as string,
            })),
          );
      }
      return cycles.map((cycle) => owners.has(cycle.investmentId));
    });
  }

  /**
   * A running investment goes to state 2 (error) with the reason; one stopped or being deleted
   * meanwhile stays as it is. Answers the moment it failed, or null when it was not running (a
   * second halt of the same failure): the row lock lets one caller only see it change.
   */
  async markFailed(investmentId: string, statusMessage: string): Promise<Date | null> {
    const [row] = await this.db
      .update(investments)
      .set({ isRunning: INVESTMENT_FAILED, statusMessage, updatedAt: sql`now()` })
      .where(and(eq(investments.id, investmentId), eq(investments.isRunning, INVESTMENT_RUNNING)))
      .returning({ at: investments.updatedAt });
    return row?.at ?? null;
  }

  /** Why a running bot waits, or null while it trades; an investment in any other state keeps its message. */
  async noteRunning(investmentId: string, statusMessage: string | null): Promise<void> {
    await this.db
      .update(investments)
      .set({ statusMessage, updatedAt: sql`now()` })
      .where(and(eq(investments.id, investmentId), eq(investments.isRunning, INVESTMENT_RUNNING)));
  }

  /** Running (1) or stopped (0), unless its deletion was requested; false when no such investment. */
  async setRunning(investmentId: string, isRunning: number): Promise<boolean> {
    const rows = await this.db
      .update(investments)
      .set({ isRunning, statusMessage: null, updatedAt: sql`now()` })
      .where(and(eq(investments.id, investmentId), ne(investments.isRunning, INVESTMENT_DELETION_REQUESTED)))
      .returning({ id: investments.id });
    return rows.length > 0;
  }

  async ownerOf(investmentId: string): Promise<string | undefined> {
    return (await ownersOf(this.db, [investmentId])).get(investmentId);
  }

  // The paper broker's book.

  /**
   * Opens the position of each client reference, or answers the one it already opened (a retried
   * order), in the order asked; null for a reference another bot's position holds.
   */
  async openPaper(
    positions: Pick<
      PaperPositionRow,
      'investmentId' | 'dealId' | 'clientRef' | 'lots' | 'level' | 'openedAt'
    >[],
  ): Promise<(PaperPositionRow | null)[]> {
    await this.db.insert(paperPositions).values(positions).onConflictDoNothing();
    const rows = await this.db
      .select()
      .from(paperPositions)
      .where(
        inArray(
          paperPositions.clientRef,
          positions.map((position) => position.clientRef),
        ),
      );
    const byReference = new Map(rows.map((row) => [row.clientRef, row]));
    return positions.map((position) => {
      const row = byReference.get(position.clientRef);
      return row && row.investmentId === position.investmentId ? row : null;
    });
  }

  async closePaper(
    investmentId: string,
    dealId: string,
    exitLevel: number,
    closedAt: Date,
  ): Promise<PaperPositionRow | undefined> {
    const [row] = await this.db
      .update(paperPositions)
      .set({ exitLevel, closedAt })
      .where(
        and(
          eq(paperPositions.dealId, dealId),
          eq(paperPositions.investmentId, investmentId),
          isNull(paperPositions.closedAt),
        ),
      )
      .returning();
    return row;
  }

  openPaperPositions(investmentId: string) {
    return this.db
      .select()
      .from(paperPositions)
      .where(and(eq(paperPositions.investmentId, investmentId), isNull(paperPositions.closedAt)))
      .orderBy(asc(paperPositions.openedAt));
  }

  async findPaper(investmentId: string, clientRef: string): Promise<PaperPositionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paperPositions)
      .where(and(eq(paperPositions.investmentId, investmentId), eq(paperPositions.clientRef, clientRef)))
      .limit(1);
    return row;
  }
}

/** The owner of each investment that still exists (a transaction's rows are the owner's). */
async function ownersOf(db: Database, investmentIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ investmentId: investments.id, ownerId: accounts.ownerId })
    .from(investments)
    .innerJoin(accounts, eq(accounts.id, investments.accountId))
    .where(inArray(investments.id, investmentIds));
  return new Map(rows.map((row) => [row.investmentId, row.ownerId]));
}
