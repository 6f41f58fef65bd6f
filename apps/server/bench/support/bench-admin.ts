// The admin a bench signs in as: approved, without 2FA, with a password of its own.
import { users, type Database } from '@platform/db';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/lib/passwords';

export const BENCH_PASSWORD = 'Bench-Password-9';

/** Inserts the admin and answers its username. */
export async function insertBenchAdmin(db: Database): Promise<string> {
  const username = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await db.insert(users).values({
    firstname: 'Bench',
    lastname: 'Admin',
    username,
    role: 'admin',
    requestStatus: 'approved',
    otpStatus: 'disabled',
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  return username;
}
