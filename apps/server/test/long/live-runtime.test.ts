// The live runtime end to end, with real bot processes: a new investment's bot trades on the
// replay feed through the paper broker and writes transactions; killed with SIGKILL in the middle
// of its work it is started again, recovers its open positions and doubles nothing; a deletion
// request stops it; a bot that cannot trade stops in state 2 with its reason, without a crash loop.
// The Daemon's Stop stops every bot and its Restart starts them again; a bot stopped by command is
// still listed, stopped, by the runtime of a restarted server, which can start it again.
import { NO_PM_ID, requestOf, type DataOf, type Investment } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { botOrders } from '@platform/db';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { botEntryLocation } from '../../src/bots/host/bot-supervisor';
import { CandleBook } from '../../src/bots/host/feed/candle-book';
import { lateBotControl, startLiveRuntime, type LiveRuntime } from '../../src/bots/host/live-runtime';
import { UnknownProcessError } from '../../src/realtime/process-control';
import { expectNothingDoubled } from '../support/bots/paper-books';
import { sawtooth } from '../support/bots/sawtooth';
import { demoInvestor } from '../support/demo-investor';
import { createTestApp, type TestApp } from '../support/test-app';

async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startRuntime() {
  const encryptionKey = randomBytes(32).toString('hex');
  let runtime: LiveRuntime | null = null;
  let testApp: TestApp | null = null;
  testApp = await createTestApp({
    encryptionKey,
    botControl: lateBotControl(
      () => runtime,
      () => testApp!.app.services.bots,
    ),
  });
  testApp.prices.set('GOLD', '1m', sawtooth(400));
  const silent = { info: () => undefined, warn: () => undefined };
  const pm2Home = await mkdtemp(join(tmpdir(), 'pm2-'));
  const launch = () =>
    startLiveRuntime({
      bots: testApp.app.services.bots,
      investments: testApp.app.services.investments,
      prices: testApp.prices,
      candles: new CandleBook(),
      encryptionKey,
      feedSpeed: 6000,
      entry: botEntryLocation(new URL('../../src/main.ts', import.meta.url).href),
      pm2Home,
      logger: silent,
      botEnvironment: { LOG_LEVEL: 'info' },
      backoffMs: 200,
    });
  runtime = await launch();
  onTestFinished(() => runtime?.close());
  /** The server started again: this runtime closed, another over the same database and pm2 home. */
  const restartRuntime = async () => {
    await runtime?.close();
    runtime = null;
    runtime = await launch();
    return runtime;
  };

  const { ownerToken, invest } = await demoInvestor(testApp);
  const listed = async <E extends typeof API.investments.list | typeof API.transactions.list>(endpoint: E) =>
    (await testApp.call<DataOf<E>>({ ...requestOf(endpoint), token: ownerToken })).body.data;
  return { testApp, runtime, ownerToken, invest, listed, restartRuntime };
}

describe('the live runtime', () => {
  it('trades a new investment, survives a SIGKILL without doubling an order, and stops on a deletion request', async () => {
    const { testApp, runtime, ownerToken, invest, listed } = await startRuntime();
    const { db } = testApp.database;
    const investment = await invest();
    expect(investment.isRunning).toBe(1);

    const transactionsOf = async () =>
      (await listed(API.transactions.list)).filter((row) => row.investmentId === investment._id);
    await until('the first transactions', async () => (await transactionsOf()).length >= 3);

    // Killed while a cycle is open: its positions are at the broker, some of its orders confirmed.
    const openCycle = async () => {
      const orders = await db.select().from(botOrders).where(eq(botOrders.investmentId, investment._id));
      const closed = new Set(orders.filter((order) => order.kind === 'close').map((order) => order.cycleId));
      return orders.some((order) => order.kind === 'open' && order.level !== 0 && !closed.has(order.cycleId));
    };
    await until('an open cycle with averaging entries', openCycle, 10_000);
    const killed = runtime.supervisor.pidOf(investment._id)!;
    process.kill(killed, 'SIGKILL');
    await until('the restarted bot', () => {
      const pid = runtime.supervisor.pidOf(investment._id);
      return pid !== null && pid !== killed;
    });
    const before = (await transactionsOf()).length;
    await until('transactions after the restart', async () => (await transactionsOf()).length >= before + 3);
    expect(runtime.supervisor.list()[0]?.restarts).toBeGreaterThanOrEqual(1);

    // Stopped by a deletion request: nothing more is written.
    const deletion = await testApp.call<Investment>({
      ...requestOf(API.investments.requestDeletion, { id: investment._id }),
      token: ownerToken,
    });
    expect(deletion.body.data.isRunning).toBe(3);
    await until('the bot to stop', () => runtime.supervisor.list().length === 0);
    const settled = (await transactionsOf()).length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transactionsOf()).length).toBe(settled);

    // Nothing doubled: one paper position per confirmed entry, one transaction per closed cycle.
    await expectNothingDoubled(db, investment._id);
  });

  it('stops a bot that cannot trade in state 2 with its reason, and does not start it again', async () => {
    const { runtime, invest, listed } = await startRuntime();
    // One lot of entry against a cap of half a lot: no cycle can ever open.
    const investment = await invest({ maxcontracts: 0.5 });
    const failed = await until('the investment in state 2', async () =>
      (await listed(API.investments.list)).find((row) => row._id === investment._id && row.isRunning === 2),
    );
    expect(failed.statusMessage).toContain('Max Contracts');
    await until('the bot process to end', () => runtime.supervisor.list().length === 0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(runtime.supervisor.list()).toEqual([]);
  });

  it("lists the bots in pm2's shape, streams their log lines, and stops, restarts and resets a bot by command", async () => {
    // A secret of the server's environment, which pm2 would copy into every bot by default.
    process.env.SERVER_ONLY_SECRET = 'not for bots';
    onTestFinished(() => {
      delete process.env.SERVER_ONLY_SECRET;
    });
    const { runtime, invest, listed } = await startRuntime();
    const investment = await invest();
    const lines: string[] = [];
    const unsubscribe = runtime.processes.onLog((log) => {
      if (log.processName === investment._id) lines.push(log.message);
    });
    const bot = () => runtime.processes.list().find((process) => process.name === investment._id);
    await until('the bot online', () => bot()?.pm2_env.status === 'online');
    const environment = await readFile(`/proc/${runtime.supervisor.pidOf(investment._id)}/environ`, 'utf8');
    expect(environment.split('\0')).toContain(`BOT_INVESTMENT_ID=${investment._id}`);
    expect(environment).not.toContain('SERVER_ONLY_SECRET');
    expect(
      runtime.processes
        .list()
        .slice(0, 2)
        .map((process) => process.name),
    ).toEqual(['Monitoring', 'Daemon']);
    await until('its log lines', () => lines.some((line) => line.startsWith('cycle closed')));
    unsubscribe();

    const stateOf = async () =>
      (await listed(API.investments.list)).find((row) => row._id === investment._id)?.isRunning;
    await runtime.processes.command('stop', investment._id);
    expect(bot()?.pm2_env.status).toBe('stopped');
    expect(await stateOf()).toBe(0);
    expect(runtime.supervisor.pidOf(investment._id)).toBeNull();

    await runtime.processes.command('restart', investment._id);
    expect(await stateOf()).toBe(1);
    await until('the bot online again', () => bot()?.pm2_env.status === 'online');
    await runtime.processes.command('restart', investment._id);
    await until('the restarted bot online', () => bot()?.pm2_env.status === 'online');
    expect(bot()?.pm2_env.restart_time).toBe(1);
    await runtime.processes.command('reset', investment._id);
    expect(bot()?.pm2_env.restart_time).toBe(0);

    await expect(runtime.processes.command('stop', 'not-a-process')).rejects.toThrow(UnknownProcessError);
  });

  it("stops every bot with the Daemon's Stop and starts them again with its Restart; a bot stopped by command stays stopped across a restart", async () => {
    const { runtime, invest, listed, restartRuntime } = await startRuntime();
    const investment = await invest();
    const stateOf = async () =>
      (await listed(API.investments.list)).find((row) => row._id === investment._id)?.isRunning;
    const bot = (processes = runtime.processes) =>
      processes.list().find((process) => process.name === investment._id);
    const daemon = () => runtime.processes.list().find((process) => process.name === 'Daemon');
    await until('the bot online', () => bot()?.pm2_env.status === 'online');

    await runtime.processes.command('stop', 'Daemon');
    expect(daemon()?.pm2_env.status).toBe('stopped');
    expect(bot()?.pm2_env.status).toBe('stopped');
    expect(runtime.supervisor.pidOf(investment._id)).toBeNull();
    // The investment still runs: a Daemon Restart, or the server's, brings its bot back.
    expect(await stateOf()).toBe(1);
    await runtime.processes.command('restart', 'Daemon');
    expect(daemon()?.pm2_env).toMatchObject({ status: 'online', restart_time: 1 });
    await until('the bot online again', () => bot()?.pm2_env.status === 'online');

    await runtime.processes.command('stop', investment._id);
    const again = await restartRuntime();
    expect(bot(again.processes)?.pm2_env).toMatchObject({ status: 'stopped', restart_time: 0, pm_uptime: 0 });
    expect(bot(again.processes)?.pm_id).toBe(NO_PM_ID);
    expect(await stateOf()).toBe(0);
    await again.processes.command('restart', investment._id);
    expect(await stateOf()).toBe(1);
    await until('the bot online after the restart', () => bot(again.processes)?.pm2_env.status === 'online');
  });
});
