// Runners on one PostgreSQL (issue 34), as separate processes: two servers of the runner role
// (main.ts through tsx, each with its engine threads) and the test's app as the API. A range
// sweep over two years of stored GOLD bars is claimed by one runner, which is killed with SIGKILL
// in the middle of it: the other takes the job once its lease has expired and finishes it exactly
// once, with the very rows of a sweep nobody interrupted. PostgreSQL only (server-postgres).
import { PERIOD_LAST_DAY, requestOf, type Backtest } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { backtests } from '@platform/db';
import { BarStore, syntheticBars } from '@platform/marketdata';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoHistorySpan } from '../../src/modules/marketdata/demo-market-data';
import { MarketDataSets } from '../../src/modules/marketdata/market-data-sets';
import { MarketDataRepository } from '../../src/modules/marketdata/marketdata.repository';
import { until } from '../support/capital/live-bots';
import { clusterDatabase } from '../support/cluster/cluster-database';
import { startServerProcess } from '../support/cluster/server-process';
import { createUser, login } from '../support/factories';
import { createTestApp } from '../support/test-app';

const JOB_LEASE_MS = 3000;
/** Processes start through tsx and sweep two years: minutes on a loaded machine, not the project's 30 s. */
const PROCESSES_TEST_MS = 240_000;

describe('runners on one PostgreSQL', () => {
  it(
    'finishes a sweep whose runner was killed exactly once, with the rows of an uninterrupted run',
    { timeout: PROCESSES_TEST_MS },
    async () => {
      const shared = await clusterDatabase();
      const { database, marketDataDir, encryptionKey, jwtSecret } = shared;
      const { from, to } = demoHistorySpan();
      const bars = syntheticBars('GOLD', from, to);
      await new MarketDataSets(new MarketDataRepository(database.db), new BarStore(marketDataDir), 0).merge(
        'GOLD',
        '1m',
        bars,
        {
          file: 'synthetic.csv',
          format: 'synthetic',
          rows: bars.t.length,
          at: new Date().toISOString(),
        },
      );
      // The API reads the stored sets (not the tests' memory prices) to accept the period.
      const testApp = await createTestApp({
        database,
        encryptionKey,
        jwtSecret,
        marketDataDir,
        prices: undefined,
      });
      const runners = await Promise.all(
        ['runner-a', 'runner-b'].map((name) =>
          startServerProcess(
            name,
            shared.environment({ ROLES: 'runner', JOB_LEASE_MS: String(JOB_LEASE_MS) }),
          ),
        ),
      );
      await Promise.all(runners.map((runner) => runner.logged('server process ready')));

      const token = (await login(testApp, await createUser(testApp))).jwt;
      const adminToken = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
      const algorithm = await testApp.call<{ _id: string }>({
        ...requestOf(API.algorithms.add),
        token: adminToken,
        payload: { name: 'Grid GOLD', description: 'Griglia', minCapital: 100, market: 'GOLD' },
      });
      const sweep = () =>
        testApp.call<Backtest>({
          ...requestOf(API.backtests.create),
          token,
          payload: {
            config: {
              type: 'range',
              capital: 10_000,
              accountType: 'retail',
              leverage: 20,
              from: new Date(from).toISOString().slice(0, 10),
              to: PERIOD_LAST_DAY,
              market: 'GOLD',
              worst: 300,
              safeWorst: 400,
              algorithm: algorithm.body.data._id,
              dynamic: false,
              close: true,
            },
          },
        });
      const rowOf = async (id: string) =>
        (await database.db.select().from(backtests).where(eq(backtests.id, id)))[0]!;

      const interrupted = (await sweep()).body.data;
      const claimed = await until(
        'a runner to claim the sweep',
        async () => {
          const row = await rowOf(interrupted._id);
          return row.isCompleted === 1 && row.leaseOwner ? row : undefined;
        },
        60_000,
      );
      // The lease owner is host:pid:random: the runner holding it is killed in the middle of the sweep.
      const holder = runners.find((runner) => claimed.leaseOwner!.includes(`:${runner.pid}:`))!;
      holder.kill();
      await holder.exited;
      expect((await rowOf(interrupted._id)).isCompleted).toBe(1);

      const finished = await until(
        'the other runner to finish the sweep',
        async () => {
          const row = await rowOf(interrupted._id);
          return row.isCompleted === 2 ? row : undefined;
        },
        120_000,
      );
      // Claimed twice, finished once, by the runner that was not killed.
      expect(finished.attempts).toBe(2);

      const uninterrupted = (await sweep()).body.data;
      const reference = await until(
        'the uninterrupted sweep',
        async () => {
          const row = await rowOf(uninterrupted._id);
          return row.isCompleted === 2 ? row : undefined;
        },
        120_000,
      );
      expect(reference.attempts).toBe(1);
      expect(finished.results).toHaveLength(1323);
      expect(finished.results).toEqual(reference.results);
    },
  );
});
