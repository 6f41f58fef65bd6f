// The investments, transactions and logs lists are written as JSON by the database
// (lib/json-list.ts), while an investment's own calls and its view map rows in TypeScript: a
// customer must read the same investment and the same closed cycle whichever call answers, and
// the logs as they were stored, awkward values included (microseconds, float digits, quotes and
// control characters, nulls).
import { requestOf, type Investment, type LogEntry, type Transaction } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { accounts, algorithms, auditLogs, investments, transactions } from '@platform/db';
import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toTransaction } from '../src/modules/transactions/transactions.service';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

const AWKWARD_TEXT = 'Fermato: "margine" insufficiente \\ riprova\n\ttra 5′ — ok ✓ \u0001 €';
const AWKWARD_NUMBERS = [0.1 + 0.2, 1e-7, 123456789012345680000, 1e21, -1234.5678, 2 ** 53 + 2];

describe('lists written by the database', () => {
  it('answer the investments as the calls on one investment do', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const pro = await createUser(testApp, { isPro: true, username: 'o"brien+\\pro@example.com' });
    const retail = await createUser(testApp);
    const [algorithm] = await testApp.database.db
      .insert(algorithms)
      .values({ name: AWKWARD_TEXT, description: 'x', minCapital: 1000, market: 'GOLD', config: {} as never })
      .returning();
    const accountRows = await testApp.database.db
      .insert(accounts)
      .values(
        [pro, retail].map((owner, index) => ({
          ownerId: owner.id,
          accountId: `CAP-${index}"\\`,
          brokerName: 'capital',
          usernameEncrypted: 'u',
          passwordEncrypted: 'p',
        })),
      )
      .returning();
    const base = { algorithmId: algorithm!.id, leverage: 20, size: 1.5, additional: 0.5, maxContracts: 10 };
    await testApp.database.db.insert(investments).values([
      ...AWKWARD_NUMBERS.map((capital, index) => ({
        ...base,
        accountId: accountRows[index % 2]!.id,
        capital,
        leverage: AWKWARD_NUMBERS[(index + 1) % AWKWARD_NUMBERS.length]!,
        // Stopped, running, failed: one being deleted is a 404 to the call on one.
        isRunning: index % 3,
        statusMessage: index % 2 === 0 ? AWKWARD_TEXT : null,
      })),
    ]);

    const listed = async (token: string) =>
      (await testApp.call<Investment[]>({ ...requestOf(API.investments.list), token })).body.data;
    const viaOne = (investment: Investment) =>
      testApp.app.services.investments.get(
        { id: admin.id, role: 'admin', sessionId: 'test' },
        investment._id,
      );

    const everyone = await listed((await login(testApp, admin)).jwt);
    expect(everyone).toHaveLength(AWKWARD_NUMBERS.length);
    expect(everyone).toEqual(await Promise.all(everyone.map(viaOne)));
    const oldestFirst = await testApp.database.db
      .select({ id: investments.id, capital: investments.capital })
      .from(investments)
      .orderBy(asc(investments.createdAt), asc(investments.id));
    expect(everyone.map((investment) => [investment._id, investment.capital])).toEqual(
      oldestFirst.map((row) => [row.id, row.capital]),
    );

    const theirs = await listed((await login(testApp, pro)).jwt);
    expect(theirs).toEqual(everyone.filter((investment) => investment.account.owner._id === pro.id));
    expect(await listed((await login(testApp, await createUser(testApp))).jwt)).toEqual([]);
  });

  it('answer the transactions as an investment view maps them', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, { role: 'admin' });
    const anna = await createUser(testApp);
    await testApp.database.db.insert(transactions).values(
      AWKWARD_NUMBERS.map((profitLoss, index) => ({
        userId: index % 2 === 0 ? anna.id : admin.id,
        market: 'GOLD' as const,
        lots: AWKWARD_NUMBERS[(index + 1) % AWKWARD_NUMBERS.length]!,
        entryPrice: 2000.123456789,
        exitPrice: 2005,
        reason: 'take-profit' as const,
        // Microseconds the database keeps and a Date drops; two cycles closed at the same moment.
        openedAt: new Date(Date.UTC(2025, 6, 1, 12, 0, 0, 999)),
        closedAt: new Date(Date.UTC(2025, 6, 1, 12, index === 1 ? 30 : index, 59, 1)),
        profitLoss,
      })),
    );
    await testApp.database.db.execute(
      // One closing time with microseconds, as PostgreSQL's now() writes them.
      `update transactions set closed_at = closed_at + interval '456789 microseconds' where profit_loss < 0`,
    );

    const listed = async (token: string) =>
      (await testApp.call<Transaction[]>({ ...requestOf(API.transactions.list), token })).body.data;
    const stored = await testApp.database.db
      .select()
      .from(transactions)
      .orderBy(asc(transactions.closedAt), asc(transactions.id));

    expect(await listed((await login(testApp, admin)).jwt)).toEqual(stored.map(toTransaction));
    expect(await listed((await login(testApp, anna)).jwt)).toEqual(
      stored.filter((row) => row.userId === anna.id).map(toTransaction),
    );
    expect(await listed((await login(testApp, await createUser(testApp))).jwt)).toEqual([]);
  });

  it('answer the logs as they were stored, by every kind of page', async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp, {
      role: 'admin',
      firstname: AWKWARD_TEXT,
      lastname: "D'Ambrosio",
    });
    const metadata = { numbers: AWKWARD_NUMBERS, text: AWKWARD_TEXT, nested: { list: [1, null, true, 'x'] } };
    const rows = await testApp.database.db
      .insert(auditLogs)
      .values([
        {
          action: 'TEST_A',
          description: AWKWARD_TEXT,
          userId: admin.id,
          ipAddress: '::1',
          userAgent: AWKWARD_TEXT,
          metadata,
          createdAt: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)),
        },
        {
          action: 'TEST_B',
          description: 'no user',
          userId: null,
          ipAddress: null,
          userAgent: null,
          metadata: null,
          createdAt: new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 7)),
        },
      ])
      .returning({ id: auditLogs.id });
    await testApp.database.db.execute(
      `update audit_logs set created_at = created_at + interval '999 microseconds' where action = 'TEST_B'`,
    );
    const token = (await login(testApp, admin)).jwt;
    const listed = async (query?: Record<string, string | number>) =>
      (
        await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list, undefined, query), token })
      ).body.data.filter((entry) => entry.action.startsWith('TEST_'));

    const expected: LogEntry[] = [
      {
        _id: rows[1]!.id,
        action: 'TEST_B',
        description: 'no user',
        timestamp: '2025-01-02T03:04:05.007Z',
        user: null,
        ipAddress: null,
        userAgent: null,
        metadata: null,
      },
      {
        _id: rows[0]!.id,
        action: 'TEST_A',
        description: AWKWARD_TEXT,
        timestamp: '2025-01-02T03:04:05.006Z',
        user: { _id: admin.id, firstname: AWKWARD_TEXT, lastname: "D'Ambrosio", username: admin.username },
        ipAddress: '::1',
        userAgent: AWKWARD_TEXT,
        metadata,
      },
    ];
    expect(await listed()).toEqual(expected);
    expect(await listed({ limit: 100, offset: 0 })).toEqual(expected);
    const newest = (
      await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list, undefined, { limit: 1 }), token })
    ).body.data[0]!;
    expect(await listed({ limit: 100, before: newest._id })).toEqual(expected);
    await testApp.database.db.delete(auditLogs).where(inArray(auditLogs.action, ['TEST_A', 'TEST_B']));
    expect(await listed({ limit: 100, offset: 0 })).toEqual([]);
  });
});
