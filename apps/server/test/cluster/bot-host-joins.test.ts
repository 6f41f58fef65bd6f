// A bot host that joins after another took every account (issue 34: investments spread over the
// bot hosts): the first host runs two accounts' bots alone; a second host starts, asks for its
// share, and the first stops one account's bot and lets its lease run out; the bot goes on on the
// second host from where it was, each host with one account and one bot process, nothing doubled. PostgreSQL only
// (server-postgres).
import { botLeases, transactions } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectNothingDoubled } from '../support/bots/paper-books';
import { until } from '../support/capital/live-bots';
import { botPids } from '../support/cluster/bot-pids';
import { sawtoothCluster, startBotHost } from '../support/cluster/cluster-api';
import { demoInvestor } from '../support/demo-investor';

const LEASE_MS = 4000;
const PROCESSES_TEST_MS = 240_000;

describe('a bot host that joins later', () => {
  it(
    'takes its share of the accounts from the host that held them all, doubling nothing',
    { timeout: PROCESSES_TEST_MS },
    async () => {
      const { shared, testApp } = await sawtoothCluster();
      const { db } = testApp.database;
      const first = await startBotHost(shared, 'first', LEASE_MS);
      await first.logged('bot host started');
      const investments = [
        await (await demoInvestor(testApp, 'DEMO-1')).invest(),
        await (await demoInvestor(testApp, 'DEMO-2')).invest(),
      ];
      const written = async (investmentId: string) =>
        (await db.select().from(transactions).where(eq(transactions.investmentId, investmentId))).length;
      for (const investment of investments)
        await until(
          'the first cycles on the first host',
          async () => (await written(investment._id)) >= 3,
          60_000,
        );
      const hostsOfLeases = async () => (await db.select().from(botLeases)).map((row) => row.host).sort();
      expect(await hostsOfLeases()).toEqual(['first', 'first']);

      const late = await startBotHost(shared, 'late', LEASE_MS);
      // The late host asks at its first renewal, once its process has booted: a few seconds here,
      // up to a minute on a machine as loaded as CI's can be. Without the ask it would get nothing,
      // as the first host renews both leases.
      await until(
        'one account on each host',
        async () => (await hostsOfLeases()).join() === 'first,late',
        60_000,
      );
      // By the late host; by the first, had it stalled past a lease and lost both accounts to it.
      const asked = (host: typeof late) =>
        host.lines.some((line) => line.msg === 'bot host asks for accounts');
      expect(asked(late) || asked(first)).toBe(true);
      const before = await Promise.all(investments.map((investment) => written(investment._id)));
      for (const [index, investment] of investments.entries())
        await until(
          'cycles on both hosts',
          async () => (await written(investment._id)) >= before[index]! + 3,
          60_000,
        );
      expect(await hostsOfLeases()).toEqual(['first', 'late']);
      // The first host stopped the bot it gave away: one bot on each host's pm2.
      expect((await botPids(first)).length).toBe(1);
      expect((await botPids(late)).length).toBe(1);
      await late.stop();
      await first.stop();
      for (const investment of investments) await expectNothingDoubled(db, investment._id);
    },
  );
});
