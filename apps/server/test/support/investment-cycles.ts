// An investment of a demo investor and the closed cycles (transactions rows) tests write for it:
// the statements and an investment's view read the same rows, so their tests build them alike.
import type { Investment } from '@platform/contracts';
import type { transactions } from '@platform/db';
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
