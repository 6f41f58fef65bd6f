import { instruments, seedDatabase, users } from '@platform/db';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword, verifyPassword } from '../src/lib/passwords';
import { createTestDatabase } from './support/test-database';

describe('first-start seed', () => {
  it('creates the admin and the instrument table once', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.close());
    await database.db.delete(instruments); // the test database comes with reference data
    const admin = { username: 'Boss@Example.com', hashPassword: () => hashPassword('Seeded-admin-1') };

    expect(await seedDatabase(database.db, admin)).toEqual({ adminCreated: true });
    expect(await seedDatabase(database.db, admin)).toEqual({ adminCreated: false });

    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'boss@example.com',
      role: 'admin',
      requestStatus: 'approved',
      otpStatus: 'not-configured',
    });
    expect(await verifyPassword(rows[0]?.passwordHash, 'Seeded-admin-1')).toBe(true);

    const markets = await database.db.select().from(instruments);
    expect(markets.map((row) => row.market).sort()).toEqual(['EURUSD', 'GOLD', 'NASDAQ']);
    expect(markets.find((row) => row.market === 'GOLD')).toMatchObject({
      symbol: 'XAUUSD',
      point: 0.1,
      contractSize: 100,
      spreadPoints: 3,
    });
  });
});
