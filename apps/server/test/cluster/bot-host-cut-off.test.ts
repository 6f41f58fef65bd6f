// A bot host cut off from PostgreSQL (issue 34, bad input): its link to the database is cut while
// its bot trades. It stops the bot before its lease could pass to another host, and says why in
// its log and its /metrics; the other host takes the account once the lease has expired and the
// bot goes on there, nothing doubled. PostgreSQL only (server-postgres).
import { botLeases, transactions } from '@platform/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectNothingDoubled } from '../support/bots/paper-books';
import { until } from '../support/capital/live-bots';
import { botPids } from '../support/cluster/bot-pids';
import { sawtoothCluster, startBotHost } from '../support/cluster/cluster-api';
import { cuttableLink } from '../support/cluster/cuttable-link';
import type { ServerProcess } from '../support/cluster/server-process';
import { demoInvestor } from '../support/demo-investor';

const LEASE_MS = 4000;
const PROCESSES_TEST_MS = 240_000;

/** The port a process serves its probes and /metrics on, from its 'Server listening at' line. */
async function portOf(server: ServerProcess): Promise<number> {
  const line = await until('its listening line', () =>
    server.lines.find(
      (entry) => typeof entry.msg === 'string' && entry.msg.startsWith('Server listening at'),
    ),
  );
  return Number(/:(\d+)$/.exec(String(line.msg))?.[1]);
}

describe('a bot host cut off from the database', () => {
  it(
    'stops its bot before its lease passes, says why, and the other host carries on',
    { timeout: PROCESSES_TEST_MS },
    async () => {
      const { shared, testApp } = await sawtoothCluster();
      const { db } = testApp.database;
      const link = await cuttableLink(shared.url);
      // The host behind the link starts alone, so that it takes the account.
      const cutOff = await startBotHost(shared, 'cut-off', LEASE_MS, link.url);
      await cutOff.logged('bot host started');
      const metricsPort = await portOf(cutOff);
      const { invest } = await demoInvestor(testApp);
      const investment = await invest();
      const written = async () =>
        (await db.select().from(transactions).where(eq(transactions.investmentId, investment._id))).length;
      await until('the first cycles on the host behind the link', async () => (await written()) >= 3, 60_000);
      expect((await botPids(cutOff)).length).toBe(1);
      const heir = await startBotHost(shared, 'heir', LEASE_MS);
      await heir.logged('bot host started');

      const [held] = await db.select().from(botLeases);
      expect(held?.host).toBe('cut-off');
      link.cut();
      const cutAt = Date.now();

      // It stops its bot itself, before the database would let the heir in, and says why.
      await cutOff.logged('bot host stops its bots', LEASE_MS * 2);
      await until('its bot process to end', async () => (await botPids(cutOff)).length === 0, LEASE_MS * 2);
      const stoppedAfter = Date.now() - cutAt;
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('platform_bot_host_leases_valid{host="cut-off"} 0');
      expect(metrics).toContain('platform_database_up 0');

      const taken = await until(
        'the heir to hold the account',
        async () => (await db.select().from(botLeases)).find((row) => row.host === 'heir'),
        LEASE_MS * 4,
      );
      // The bot was down before its account could be taken: never two bots on one account.
      expect(taken.acquiredAt.getTime() - cutAt).toBeGreaterThan(stoppedAfter);
      const before = await written();
      await until('cycles on the heir', async () => (await written()) >= before + 3, 60_000);
      await heir.stop();
      await cutOff.stop();
      await expectNothingDoubled(db, investment._id);
    },
  );
});
