// Bot hosts on one PostgreSQL (issue 34), as separate processes: two servers of the bots role
// (main.ts through tsx, each with its pm2 and its bots), the test's app as the API with its
// monitoring socket. The bars are stored as an upload stores them; one host takes the feed and
// sends its prices to the other and to the API over the database. An admin's socket on the API
// sees the bot that runs on a host, and its log lines. Killed with SIGKILL, the host that runs
// the investment's bot (and, as it happens, the feed) loses it to the other within one lease: the
// bot starts there after reconciling, the prices come again, the socket shows it online there,
// and nothing is doubled. PostgreSQL only (the server-postgres project): with PGlite one
// process holds the database and there are no hosts.
import {
  NO_PM_ID,
  REALTIME_EVENTS,
  REALTIME_PATH,
  requestOf,
  type Investment,
  type ProcessInfo,
  type ProcessLog,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { botLeases, transactions } from '@platform/db';
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ClusterNode } from '../../src/realtime/cluster-node';
import { ClusterProcessControl } from '../../src/realtime/cluster-process-control';
import { attachRealtimeGateway } from '../../src/realtime/gateway';
import { expectNothingDoubled } from '../support/bots/paper-books';
import { until } from '../support/capital/live-bots';
import { processRuns } from '../../src/lib/process-runs';
import { botPids } from '../support/cluster/bot-pids';
import { sawtoothCluster, startBotHost } from '../support/cluster/cluster-api';
import { demoInvestor } from '../support/demo-investor';
import { createUser, login } from '../support/factories';

const LEASE_MS = 4000;
/** Processes start through tsx, then their bots: minutes on a loaded machine, not the project's 30 s. */
const PROCESSES_TEST_MS = 240_000;
const silent = { info: () => undefined, warn: () => undefined };

async function cluster() {
  const { shared, testApp } = await sawtoothCluster();
  const { url } = shared;
  const hosts = await Promise.all(['host-a', 'host-b'].map((name) => startBotHost(shared, name, LEASE_MS)));
  await Promise.all(hosts.map((started) => started.logged('bot host started')));

  // The API's monitoring, as main.ts wires it on PostgreSQL.
  const node = new ClusterNode(url, silent);
  const processes = new ClusterProcessControl({
    node,
    local: () => null,
    investments: testApp.app.services.investments,
    version: '1.0.0',
    logger: silent,
  });
  attachRealtimeGateway(testApp.app, { control: () => processes });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  await processes.start();
  onTestFinished(async () => {
    processes.stop();
    await node.close();
  });
  const { port } = testApp.app.server.address() as AddressInfo;
  const admin = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
  const socket = io(`http://127.0.0.1:${port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: admin },
  });
  onTestFinished(() => {
    socket.disconnect();
  });
  const logs: ProcessLog[] = [];
  socket.on(REALTIME_EVENTS.logs, (log: ProcessLog) => logs.push(log));
  /** The bot as the admin's socket lists it, once it is online in some host's pm2. */
  const listedOnline = (investmentId: string) =>
    until(
      `the socket to list ${investmentId} online`,
      () =>
        new Promise<ProcessInfo | undefined>((resolve) => {
          socket.once(REALTIME_EVENTS.response, (list: ProcessInfo[]) =>
            resolve(
              list.find(
                (process) =>
                  process.name === investmentId &&
                  process.pm_id !== NO_PM_ID &&
                  process.pm2_env.status === 'online',
              ),
            ),
          );
          socket.emit(REALTIME_EVENTS.command, { command: 'ls' });
        }),
      LEASE_MS * 4,
    );
  return { testApp, hosts, logs, listedOnline };
}

describe('bot hosts on one PostgreSQL', () => {
  it(
    'runs a dead host’s bots on the other within one lease, doubling nothing',
    { timeout: PROCESSES_TEST_MS },
    async () => {
      const { testApp, hosts, logs, listedOnline } = await cluster();
      const { db } = testApp.database;
      const { ownerToken, invest } = await demoInvestor(testApp);
      const investment: Investment = await invest();
      const written = async () =>
        (await db.select().from(transactions).where(eq(transactions.investmentId, investment._id))).length;
      await until('the bot’s first cycles', async () => (await written()) >= 3, 60_000);
      // The API process hears the feed too: the overview's candles move.
      const candles = await testApp.call<{ candles: unknown[] }>({
        ...requestOf(API.livePrices.recent, { market: 'GOLD' }),
        token: ownerToken,
      });
      expect(candles.body.data.candles.length).toBeGreaterThan(0);
      // The admin's socket on the API sees the bot of a host, named by its host, and hears its lines.
      const listed = await listedOnline(investment._id);
      await until('a line of the bot on the socket', () =>
        logs.some((log) => log.processName === investment._id && log.message.includes('cycle closed')),
      );

      const [lease] = await db.select().from(botLeases);
      const holder = hosts.find((started) => started.name === lease?.host)!;
      expect(listed.pm2_env.host).toBe(holder.name);
      const heir = hosts.find((started) => started !== holder)!;
      const daemonPid = Number(await readFile(join(holder.dataDir, 'pm2', 'pm2.pid'), 'utf8'));
      expect(await botPids(holder)).toHaveLength(1);
      const killedAt = Date.now();
      holder.kill();
      await holder.exited;
      // Its bot cannot trade without the host's hub, and is not left restarting for ever: the
      // first start that finds its host gone stops the dead host's pm2 daemon, bots and all.
      await until(
        'the dead host’s pm2 daemon and bot to end',
        async () => !processRuns(daemonPid) && (await botPids(holder)).length === 0,
        LEASE_MS * 4,
      );

      const taken = await until(
        'the other host to hold the account',
        async () => (await db.select().from(botLeases)).find((row) => row.host === heir.name),
        LEASE_MS * 4,
      );
      // Within one lease of its last renewal, which came at most a renewal before the kill; the
      // heir claims at its first renewal after the expiry. A second of slack for a loaded machine.
      expect(taken.acquiredAt.getTime() - killedAt).toBeLessThan(LEASE_MS + LEASE_MS / 5 + 1000);
      const before = await written();
      await until('cycles on the other host', async () => (await written()) >= before + 3, 60_000);
      // The list names the heir once a read no longer waits for the dead host: each read waits up to
      // the adapter's 5 s for every node it still counts, so for a few seconds it shows the last
      // list the dead host gave.
      await until(
        'the socket to list the bot on the other host',
        async () => ((await listedOnline(investment._id)).pm2_env.host === heir.name ? true : undefined),
        LEASE_MS * 4,
      );

      // Every bot stopped: what was written can be read whole.
      await heir.stop();
      await expectNothingDoubled(db, investment._id);
    },
  );
});
