// The app as tests drive it: a fresh migrated database, a mailer that keeps what it sends,
// a clock the test moves, and helpers to call the API and read the envelope.
import type { DatabaseHandle } from '@platform/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app';
import type { Clock } from '../../src/lib/clock';
import type { MailMessage, Mailer } from '../../src/lib/mailer';
import { MemoryPrices } from './memory-prices';
import { createTestDatabase } from './test-database';

export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  linksTo(address: string): string[] {
    return this.sent
      .filter((mail) => mail.to === address)
      .flatMap((mail) => mail.text.match(/https?:\/\/\S+/g) ?? []);
  }
}

export interface Envelope<T = unknown> {
  ok: boolean;
  data: T;
  error: string;
  requiresOtp?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  /** The bar store's folder, a temporary one of this app's own. */
  marketDataDir: string;
  /** The stored prices the jobs read; tests put bars in. */
  prices: MemoryPrices;
  database: DatabaseHandle;
  mailer: MemoryMailer;
  clock: TestClock;
  /** Calls the API; the answer's status and parsed envelope. */
  call<T = unknown>(
    options: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
}

export const PUBLIC_URL = 'http://platform.test';

/** overrides.database: a second app over another's database (a restart with other settings); its owner closes it. */
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const ownsDatabase = !overrides.database;
  const database = overrides.database ?? (await createTestDatabase());
  const mailer = new MemoryMailer();
  const clock = new TestClock();
  const prices = new MemoryPrices();
  const marketDataDir = await mkdtemp(join(tmpdir(), 'test-marketdata-'));
  const app = await buildApp({
    prices,
    database,
    mailer,
    clock,
    jwtSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
    publicUrl: PUBLIC_URL,
    marketDataDir,
    ...overrides,
  });
  onTestFinished(async () => {
    await app.close();
    if (ownsDatabase) await database.close();
    await rm(marketDataDir, { recursive: true, force: true });
  });
  return {
    app,
    marketDataDir,
    prices,
    database,
    mailer,
    clock,
    async call<T>({ token, headers, ...options }: InjectOptions & { token?: string }) {
      const response = await app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      return { status: response.statusCode, body: response.json<Envelope<T>>() };
    },
  };
}
