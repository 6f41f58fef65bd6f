// Demo data (DEMO_DATA, on by default): one algorithm per market, and a demo customer with an
// account, an investment and a few closed cycles, so the dashboard shows something on first start.
// Deterministic: the same data on every machine.
import { seededRandom } from '@platform/marketdata';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from './client';
import { accounts, algorithms, instruments, investments, transactions, users } from './schema';

export const DEMO_USERNAME = 'demo@example.com';

export interface DemoSeedOptions {
  hashPassword: () => Promise<string>;
  /** Encrypts a broker credential at rest, as the accounts module does: bound to its row and column. */
  encryptCredential: (plaintext: string, credential: 'username' | 'password', accountRowId: string) => string;
  now: Date;
}

const DEMO_ALGORITHMS = [
  {
    market: 'GOLD',
    name: 'Grid Gold',
    description: 'Griglia long su XAUUSD con mediazione ogni 3 dollari.',
    minCapital: 1000,
  },
  {
    market: 'NASDAQ',
    name: 'Grid Nasdaq',
    description: 'Griglia long su US100 con mediazione ogni 100 punti.',
    minCapital: 2000,
  },
  {
    market: 'EURUSD',
    name: 'Grid EurUsd',
    description: 'Griglia long su EURUSD con mediazione ogni 50 pip.',
    minCapital: 1000,
  },
] as const;

export async function seedDemoData(
  db: Database,
  options: DemoSeedOptions,
): Promise<{ demoUserCreated: boolean }> {
  const existingAlgorithm = await db.select({ id: algorithms.id }).from(algorithms).limit(1);
  if (existingAlgorithm.length === 0) {
    const table = await db.select().from(instruments);
    await db.insert(algorithms).values(
      DEMO_ALGORITHMS.map((algorithm) => {
        const instrument = table.find((row) => row.market === algorithm.market);
        if (!instrument) throw new Error(`instrument ${algorithm.market} missing`);
        return {
          ...algorithm,
          config: {
            mediazione: instrument.defaultMediazione,
            target: instrument.defaultTarget,
            multiplier: 1,
            worst: instrument.defaultWorst,
            safeWorst: instrument.defaultSafeWorst,
          },
        };
      }),
    );
  }

  const [existingUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, DEMO_USERNAME))
    .limit(1);
  if (existingUser) return { demoUserCreated: false };

  const passwordHash = await options.hashPassword();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        firstname: 'Demo',
        lastname: 'Cliente',
        username: DEMO_USERNAME,
        passwordHash,
        role: 'user',
        requestStatus: 'approved',
        otpStatus: 'disabled',
        eulaContractAccepted: true,
        eulaContractSignedAt: options.now,
      })
      .returning({ id: users.id });
    const [gold] = await tx.select().from(algorithms).where(eq(algorithms.market, 'GOLD')).limit(1);
    if (!user || !gold) throw new Error('demo seed: user or GOLD algorithm missing');
    const accountRowId = randomUUID();
    const [account] = await tx
      .insert(accounts)
      .values({
        id: accountRowId,
        accountId: 'DEMO-0001',
        isDemo: true,
        brokerName: 'Capital.com',
        usernameEncrypted: options.encryptCredential('demo.trader', 'username', accountRowId),
        passwordEncrypted: options.encryptCredential('demo-broker-password', 'password', accountRowId),
        apikeyEncrypted: null,
        ownerId: user.id,
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('demo seed: account not created');
    const [investment] = await tx
      .insert(investments)
      .values({
        accountId: account.id,
        algorithmId: gold.id,
        capital: 10_000,
        leverage: 20,
        size: 1,
        additional: 0.5,
        maxContracts: 10,
        isRunning: 1,
      })
      .returning({ id: investments.id });
    await tx.insert(transactions).values(demoCycles(user.id, investment?.id ?? null, options.now));
    return { demoUserCreated: true };
  });
}

/** Thirty GOLD cycles over the last 45 days: mostly take profits of 50 points, now and then a stop. */
function demoCycles(userId: string, investmentId: string | null, now: Date) {
  const random = seededRandom(20250712);
  const eurPerUsd = 1 / 1.08;
  let price = 2320;
  return Array.from({ length: 30 }, (_, index) => {
    const closedAt = new Date(now.getTime() - (45 - index * 1.5) * 24 * 60 * 60 * 1000);
    const openedAt = new Date(closedAt.getTime() - (1 + random() * 20) * 60 * 60 * 1000);
    const stopped = index === 11 || index === 24;
    const lots = stopped ? 4.5 : Math.round((1 + random() * 2) * 2) / 2;
    const entryPrice = Math.round((price + random() * 8 - 4) * 100) / 100;
    const exitPrice = stopped ? entryPrice - 25 : entryPrice + 5;
    price = exitPrice + random() * 10 - 5;
    return {
      userId,
      investmentId,
      market: 'GOLD' as const,
      lots,
      entryPrice,
      exitPrice,
      reason: stopped ? ('stop' as const) : ('take-profit' as const),
      openedAt,
      closedAt,
      profitLoss: Math.round(lots * (exitPrice - entryPrice) * 100 * eurPerUsd * 100) / 100,
    };
  });
}
