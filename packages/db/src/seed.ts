// First start: the admin, the instrument table. Idempotent, so it runs on every start.
import type { Database } from './client';
import { instruments, users, type InstrumentRow } from './schema';

/** engine.md section 1. */
export const INSTRUMENTS: readonly InstrumentRow[] = [
  {
    market: 'GOLD',
    symbol: 'XAUUSD',
    point: 0.1,
    contractSize: 100,
    spreadPoints: 3,
    defaultMediazione: 30,
    defaultTarget: 50,
    defaultWorst: 300,
    defaultSafeWorst: 400,
  },
  {
    market: 'NASDAQ',
    symbol: 'US100',
    point: 1,
    contractSize: 1,
    spreadPoints: 2,
    defaultMediazione: 100,
    defaultTarget: 200,
    defaultWorst: 1500,
    defaultSafeWorst: 2000,
  },
  {
    market: 'EURUSD',
    symbol: 'EURUSD',
    point: 0.0001,
    contractSize: 100000,
    spreadPoints: 1,
    defaultMediazione: 50,
    defaultTarget: 50,
    defaultWorst: 300,
    defaultSafeWorst: 400,
  },
];

export interface AdminSeed {
  username: string;
  /** Produces the stored hash only when the admin is actually created. */
  hashPassword: () => Promise<string>;
}

export interface SeedResult {
  adminCreated: boolean;
}

/** Reference data every deployment has (the instrument table). */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(instruments)
    .values([...INSTRUMENTS])
    .onConflictDoNothing();
}

export async function seedDatabase(db: Database, admin: AdminSeed): Promise<SeedResult> {
  await seedReferenceData(db);

  const existingAdmin = await db.query.users.findFirst({
    where: (u, { eq }) => eq(u.role, 'admin'),
    columns: { id: true },
  });
  if (existingAdmin) return { adminCreated: false };

  const signedAt = new Date();
  const inserted = await db
    .insert(users)
    .values({
      firstname: 'Admin',
      lastname: '',
      username: admin.username.trim().toLowerCase(),
      passwordHash: await admin.hashPassword(),
      role: 'admin',
      requestStatus: 'approved',
      eulaContractAccepted: true,
      eulaContractSignedAt: signedAt,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return { adminCreated: inserted.length > 0 };
}
