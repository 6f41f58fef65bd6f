// An investment of a demo investor and the closed cycles (transactions rows) tests write for it:
// the statements and an investment's view read the same rows, so their tests build them alike.
import { STATEMENTS_API, urlOf, type Investment } from '@platform/contracts';
import type { transactions } from '@platform/db';
import { sql } from 'drizzle-orm';
import { demoInvestor } from './demo-investor';
import type { TestApp } from './test-app';

export type NewTransactionRow = typeof transactions.$inferInsert;

/** A signed-in owner with a new investment of 10,000 EUR on GOLD. */
export async function investorWithInvestment(testApp: TestApp) {
  const { ownerToken, invest } = await demoInvestor(testApp);
  const investment: Investment = await invest();
  return { ownerToken, investment, ownerId: investment.account.owner._id };
}

/** A closed GOLD cycle of the investment, an hour long, 100 EUR of profit unless `values` say otherwise. */
export function closedCycle(
  investment: Investment,
  userId: string,
  values: Partial<NewTransactionRow> & { closedAt: Date },
): NewTransactionRow {
  return {
    investmentId: investment._id,
    userId,
    market: 'GOLD',
    lots: 1,
    entryPrice: 2000,
    exitPrice: 2005,
    reason: 'take-profit',
    openedAt: new Date(values.closedAt.getTime() - 3_600_000),
    profitLoss: 100,
    ...values,
  };
}

/**
 * `count` closed cycles of the investment in one statement, their profit/loss 1..count (each row
 * findable in an export). Seven share each closing second and every time has microseconds, so an
 * export's pages end inside runs of equal times, where a cursor cut to the millisecond would repeat
 * or skip rows.
 */
export async function insertCyclesSharingSeconds(
  testApp: TestApp,
  investment: Investment,
  userId: string,
  count: number,
) {
  await testApp.database.db.execute(sql`
    insert into transactions (investment_id, user_id, market, lots, entry_price, exit_price, reason, opened_at, closed_at, profit_loss)
    select ${investment._id}, ${userId}, 'GOLD', 0.01, 2000.5, 2005.5, 'take-profit',
      timestamptz '2025-01-01 00:00:00+00' + (n / 7) * interval '1 second',
      timestamptz '2025-01-01 00:00:00.000123+00' + (n / 7) * interval '1 second',
      n
    from generate_series(1, ${count}) as n`);
}

/** The investment's transactions CSV as its owner downloads it, read as the stream it is sent as. */
export function downloadTransactionsCsv(testApp: TestApp, investment: Investment, token: string) {
  return testApp.app.inject({
    method: 'GET',
    url: urlOf(STATEMENTS_API.transactionsCsv, { id: investment._id }),
    headers: { authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
}
