// What the bots write through the hub, as many bots write it at once: closed cycles of several
// bots in one transaction, each written once, and the paper book keeping the deal id the bot chose.
import { investments } from '@platform/db';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import type { ClosedCycleRecord, OrderRecord } from '../src/bots/protocol/hub-protocol';
import { BotNotRunnableError } from '../src/modules/bots/bots.service';
import { demoInvestor } from './support/demo-investor';
import { createTestApp } from './support/test-app';

interface Transaction {
  investmentId: string;
  profitLoss: number;
  reason: string;
}

async function twoInvestments() {
  const testApp = await createTestApp();
  const { ownerToken, invest } = await demoInvestor(testApp);
  const first = (await invest())._id;
  const second = (await invest())._id;
  const transactions = async () =>
    (await testApp.call<Transaction[]>({ ...requestOf(API.transactions.list), token: ownerToken })).body.data;
  return { testApp, bots: testApp.app.services.bots, first, second, transactions };
}

/** A cycle's close order as the bot writes its intent, and the closed cycle it becomes. */
function closing(profitLoss: number): { intent: OrderRecord; cycle: ClosedCycleRecord } {
  const cycleId = randomUUID();
  const closeId = randomUUID();
  const openedAt = Date.parse('2026-11-25T10:00:00Z');
  return {
    intent: {
      id: closeId,
      cycleId,
      kind: 'close',
      level: null,
      reason: 'take-profit',
      lots: 1,
      bid: 2010,
      referencePrice: 2000,
      scale: 1,
      status: 'intent',
      dealId: null,
      fillPrice: null,
      createdAt: openedAt + 60_000,
    },
    cycle: {
      closeId,
      cycleId,
      lots: 1,
      entryPrice: 2000.3,
      exitPrice: 2010,
      reason: 'take-profit',
      openedAt,
      closedAt: openedAt + 60_000,
      profitLoss,
    },
  };
}

describe("the bots' ledger", () => {
  it('writes the cycles many bots close at once, each once, and never settles another investment’s close', async () => {
    const { bots, first, second, transactions } = await twoInvestments();
    const ofFirst = closing(12.5);
    const ofSecond = closing(-3.25);
    await Promise.all([bots.recordIntent(first, ofFirst.intent), bots.recordIntent(second, ofSecond.intent)]);

    await Promise.all([
      bots.closeCycle(first, 'GOLD', ofFirst.cycle),
      bots.closeCycle(second, 'GOLD', ofSecond.cycle),
      // A retried call, and a bot naming a close of another investment: neither writes a row.
      bots.closeCycle(first, 'GOLD', ofFirst.cycle),
      bots.closeCycle(second, 'GOLD', { ...ofFirst.cycle, profitLoss: 999 }),
    ]);

    const written = await transactions();
    expect(
      written
        .map(({ investmentId, profitLoss, reason }) => ({ investmentId, profitLoss, reason }))
        .sort((a, b) => a.profitLoss - b.profitLoss),
    ).toEqual([
      { investmentId: second, profitLoss: -3.25, reason: 'take-profit' },
      { investmentId: first, profitLoss: 12.5, reason: 'take-profit' },
    ]);
  });

  it('tells the bot of an investment that is gone, and still writes the other cycles of its batch', async () => {
    const { testApp, bots, first, second, transactions } = await twoInvestments();
    const ofFirst = closing(7);
    const ofSecond = closing(8);
    await Promise.all([bots.recordIntent(first, ofFirst.intent), bots.recordIntent(second, ofSecond.intent)]);
    await testApp.database.db.delete(investments).where(eq(investments.id, second));

    const results = await Promise.allSettled([
      bots.closeCycle(first, 'GOLD', ofFirst.cycle),
      bots.closeCycle(second, 'GOLD', ofSecond.cycle),
    ]);

    expect(results[0].status).toBe('fulfilled');
    expect(results[1].status === 'rejected' && results[1].reason).toBeInstanceOf(BotNotRunnableError);
    expect((await transactions()).map((row) => row.profitLoss)).toEqual([7]);
  });

  it('keeps the deal id a paper bot chose, and answers a retried open with the position it already opened', async () => {
    const { bots, first } = await twoInvestments();
    const clientRef = randomUUID();
    const dealId = randomUUID();
    const opening = { clientRef, lots: 0.5, level: 2000.3, openedAt: Date.parse('2026-11-25T10:00:00Z') };

    const opened = await bots.openPaper(first, { ...opening, dealId });
    const retried = await bots.openPaper(first, { ...opening, dealId: randomUUID() });

    expect(opened.dealId).toBe(dealId);
    expect(retried.dealId).toBe(dealId);
    expect((await bots.paperPositions(first)).map((position) => position.dealId)).toEqual([dealId]);
  });
});
