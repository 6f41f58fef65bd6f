// What a paper bot wrote, checked for what must never happen whatever killed what: a paper
// position without its confirmed entry, an entry doubled, a cycle written twice, a closed cycle
// with positions still open, more than one cycle open.
import { botOrders, paperPositions, transactions, type Database } from '@platform/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

export async function expectNothingDoubled(db: Database, investmentId: string): Promise<void> {
  const orders = await db.select().from(botOrders).where(eq(botOrders.investmentId, investmentId));
  const positions = await db
    .select()
    .from(paperPositions)
    .where(eq(paperPositions.investmentId, investmentId));
  const entries = orders.filter((order) => order.kind === 'open' && order.status === 'filled');
  // A position without its confirmed entry is shown with the order it has, if any, to tell why.
  const entryIds = new Set(entries.map((order) => order.id));
  const unconfirmed = positions
    .filter((position) => !entryIds.has(position.clientRef))
    .map((position) => ({ position, order: orders.find((order) => order.id === position.clientRef) }));
  expect(unconfirmed).toEqual([]);
  expect(positions).toHaveLength(entries.length);
  const closes = orders.filter((order) => order.kind === 'close' && order.status === 'filled');
  const written = await db.select().from(transactions).where(eq(transactions.investmentId, investmentId));
  expect(written).toHaveLength(closes.length);
  expect(new Set(closes.map((order) => order.cycleId)).size).toBe(closes.length);
  // Every closed cycle's positions are closed at the broker; only the last cycle may hold some.
  const closedCycles = new Set(closes.map((order) => order.cycleId));
  const stillOpen = positions.filter((position) => position.closedAt === null);
  const openCycles = new Set(
    entries
      .filter((order) => stillOpen.some((position) => position.clientRef === order.id))
      .map((order) => order.cycleId),
  );
  expect([...openCycles].filter((cycle) => closedCycles.has(cycle))).toEqual([]);
  expect(openCycles.size).toBeLessThanOrEqual(1);
}
