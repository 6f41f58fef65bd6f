import type { Algorithm, Investment, Transaction } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { DEMO_USERNAME, seedDemoData, transactions } from '@platform/db';
import { describe, expect, it } from 'vitest';
import { requestOf } from '@platform/contracts';
import { AtRestCipher } from '../src/lib/crypto';
import { hashPassword } from '../src/lib/passwords';
import { cellOf, SEALED_COLUMNS } from '../src/lib/sealed-columns';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

async function seedDemo(testApp: TestApp, encryptionKey: string) {
  const cipher = new AtRestCipher({ current: encryptionKey, previous: [] }, 'broker-credentials');
  return seedDemoData(testApp.database.db, {
    hashPassword: () => hashPassword('Demo-password-1'),
    encryptCredential: (plaintext, credential, accountRowId) =>
      cipher.encrypt(
        plaintext,
        cellOf(
          credential === 'username' ? SEALED_COLUMNS.accountUsername : SEALED_COLUMNS.accountPassword,
          accountRowId,
        ),
      ),
    now: new Date('2025-07-01T12:00:00Z'),
  });
}

describe('demo data and transactions', () => {
  it('seeds one algorithm per market and a demo customer with an investment and closed cycles, once', async () => {
    const encryptionKey = 'ab'.repeat(32);
    const testApp = await createTestApp({ encryptionKey });
    expect(await seedDemo(testApp, encryptionKey)).toEqual({ demoUserCreated: true });
    expect(await seedDemo(testApp, encryptionKey)).toEqual({ demoUserCreated: false });

    const session = await login(testApp, { username: DEMO_USERNAME }, { password: 'Demo-password-1' });
    const algorithms = await testApp.call<Algorithm[]>({
      ...requestOf(API.algorithms.list),
      token: session.jwt,
    });
    expect(algorithms.body.data.map((algorithm) => algorithm.market).sort()).toEqual([
      'EURUSD',
      'GOLD',
      'NASDAQ',
    ]);
    const investments = await testApp.call<Investment[]>({
      ...requestOf(API.investments.list),
      token: session.jwt,
    });
    expect(investments.body.data).toHaveLength(1);
    expect(investments.body.data[0]).toMatchObject({ capital: 10_000, parameters: { leverage: 20 } });

    const statement = await testApp.call<Transaction[]>({
      ...requestOf(API.transactions.list),
      token: session.jwt,
    });
    expect(statement.body.data).toHaveLength(30);
    const closes = statement.body.data.map((row) => Date.parse(row.closedAt));
    expect([...closes].sort((a, b) => a - b)).toEqual(closes);
    expect(statement.body.data.filter((row) => row.reason === 'stop')).toHaveLength(2);
    expect(statement.body.data.filter((row) => row.profitLoss < 0)).toHaveLength(2);
  });

  it('shows each user only their own transactions and admins all of them', async () => {
    const testApp = await createTestApp();
    const anna = await createUser(testApp);
    const admin = await createUser(testApp, { role: 'admin' });
    const line = {
      market: 'GOLD' as const,
      lots: 1,
      entryPrice: 2000,
      exitPrice: 2005,
      reason: 'take-profit' as const,
      openedAt: new Date(),
      closedAt: new Date(),
      profitLoss: 462.96,
    };
    await testApp.database.db.insert(transactions).values([
      { ...line, userId: anna.id },
      { ...line, userId: admin.id, profitLoss: -100 },
    ]);

    const annaSees = await testApp.call<Transaction[]>({
      ...requestOf(API.transactions.list),
      token: (await login(testApp, anna)).jwt,
    });
    expect(annaSees.body.data.map((row) => row.profitLoss)).toEqual([462.96]);
    const adminSees = await testApp.call<Transaction[]>({
      ...requestOf(API.transactions.list),
      token: (await login(testApp, admin)).jwt,
    });
    expect(adminSees.body.data).toHaveLength(2);
  });
});
