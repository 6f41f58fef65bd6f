// The monitoring view over a fake supervisor and fake investments: bots without a process come
// from the investments' states (read when the supervisor reads pm2's list, not per list), with
// their reasons; the core services' Stop, Restart and Reset Service do what they say; a start a
// rule refuses reaches the gateway as a refusal with its message.
import { CORE_SERVICES, NO_PM_ID, PROCESS_MESSAGES, type ProcessInfo } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { badRequest } from '../../lib/errors';
import { CommandRefusedError, UnknownProcessError } from '../../realtime/process-control';
import type { BotProcessInfo } from './bot-supervisor';
import {
  SupervisorProcessControl,
  type InvestmentProcessState,
  type MonitoredInvestments,
  type SupervisorView,
} from './supervisor-process-control';

const RUNNING = '6f1c9a2e-0000-4000-8000-000000000001';
const STOPPED = '6f1c9a2e-0000-4000-8000-000000000002';
const FAILED = '6f1c9a2e-0000-4000-8000-000000000003';
const CLOSED_MARKET = 'Mercato GOLD chiuso su Capital.com: il bot riprende da solo alla riapertura';

/** pm2 as the supervisor sees it: bots that run, stopped all at once by the Daemon's Stop. */
class FakeSupervisor implements SupervisorView {
  bots: BotProcessInfo[] = [];
  stopped = false;
  readonly calls: string[] = [];
  private readonly refreshed = new Set<() => void>();

  run(investmentId: string, pmId: number): void {
    this.bots.push({ investmentId, pmId, pid: 100 + pmId, status: 'online', restarts: 0, startedAt: 1_000 });
  }
  list = () => this.bots.map((bot) => ({ ...bot }));
  /** pm2's list read again: the view reads the investments' states then. */
  refresh(): void {
    for (const listener of this.refreshed) listener();
  }
  onRefresh(listener: () => void) {
    this.refreshed.add(listener);
    return () => this.refreshed.delete(listener);
  }
  onLine = () => () => undefined;
  sync = () => {
    this.calls.push('sync');
    return Promise.resolve();
  };
  restart = (ids: readonly string[]) => {
    this.calls.push(`restart ${ids.join(',')}`);
    return Promise.resolve();
  };
  resetRestarts = (id: string) => Promise.resolve(this.bots.some((bot) => bot.investmentId === id));
  stopAll = () => {
    this.stopped = true;
    for (const bot of this.bots) Object.assign(bot, { status: 'stopped', startedAt: null });
    return Promise.resolve();
  };
  startAll = () => {
    this.stopped = false;
    for (const bot of this.bots) Object.assign(bot, { status: 'online', startedAt: 2_000 });
    return Promise.resolve();
  };
}

class FakeInvestments implements MonitoredInvestments {
  reads = 0;
  refuse: string | null = null;
  constructor(public states: InvestmentProcessState[]) {}
  monitoredStates() {
    this.reads++;
    return Promise.resolve(this.states.map((state) => ({ ...state })));
  }
  switchRunning(id: string, running: boolean) {
    if (running && this.refuse) return Promise.reject(badRequest(this.refuse));
    const state = this.states.find((candidate) => candidate.id === id);
    if (state) Object.assign(state, { isRunning: running ? 1 : 0, statusMessage: null });
    return Promise.resolve(state !== undefined);
  }
}

async function view(options: { host?: string } = {}) {
  const supervisor = new FakeSupervisor();
  supervisor.run(RUNNING, 0);
  const investments = new FakeInvestments([
    { id: RUNNING, isRunning: 1, statusMessage: CLOSED_MARKET },
    { id: STOPPED, isRunning: 0, statusMessage: null },
    { id: FAILED, isRunning: 2, statusMessage: 'Credenziali non valide' },
  ]);
  const control = new SupervisorProcessControl(supervisor, investments, '1.0.0', {
    startedAt: 500,
    ...options,
  });
  await control.refreshStates();
  const find = (name: string): ProcessInfo | undefined =>
    control.list().find((process) => process.name === name);
  return { supervisor, investments, control, find };
}

describe('the monitoring view of the bots', () => {
  it('lists the stopped and failed investments pm2 does not hold, without a number, with their reasons', async () => {
    const { control } = await view();
    expect(
      control
        .list()
        .map((process) => [
          process.name,
          process.pm_id,
          process.pm2_env.status,
          process.pm2_env.statusMessage,
        ]),
    ).toEqual([
      [CORE_SERVICES.monitoring, 0, 'online', undefined],
      [CORE_SERVICES.daemon, 1, 'online', undefined],
      [RUNNING, 0, 'online', CLOSED_MARKET],
      [STOPPED, NO_PM_ID, 'stopped', null],
      [FAILED, NO_PM_ID, 'errored', 'Credenziali non valide'],
    ]);
  });

  it('names the bot host beside the bots its pm2 runs, when there are several hosts', async () => {
    const { find } = await view({ host: 'host-b' });
    expect(find(RUNNING)?.pm2_env.host).toBe('host-b');
    // No host runs a stopped bot, and the core services stand for every host.
    expect(find(STOPPED)?.pm2_env.host).toBeUndefined();
    expect(find(CORE_SERVICES.daemon)?.pm2_env.host).toBeUndefined();
    const alone = await view();
    expect(alone.find(RUNNING)?.pm2_env.host).toBeUndefined();
  });

  it('reads the investments when the supervisor reads pm2, not on every list', async () => {
    const { supervisor, investments, control, find } = await view();
    const reads = investments.reads;
    for (let call = 0; call < 5; call++) control.list();
    expect(investments.reads).toBe(reads);

    investments.states.push({ id: 'new-one', isRunning: 0, statusMessage: null });
    expect(find('new-one')).toBeUndefined();
    supervisor.refresh();
    await expect.poll(() => find('new-one')?.pm2_env.status).toBe('stopped');
  });

  it('stops a bot into state 0 and restarts a stopped one into state 1, then shows it so', async () => {
    const { supervisor, find, control } = await view();
    await control.command('stop', RUNNING);
    supervisor.bots = [];
    expect(supervisor.calls).toEqual(['sync']);
    await control.command('restart', STOPPED);
    expect(supervisor.calls).toEqual(['sync', `restart ${STOPPED}`]);
    // Read again after the command: the stopped bot is listed stopped without waiting for a poll.
    expect(find(RUNNING)?.pm2_env).toMatchObject({ status: 'stopped', statusMessage: null });
    await expect(control.command('restart', 'not-an-investment')).rejects.toThrow(UnknownProcessError);
    // A bot without a process has no count to reset; a name that is no bot is unknown.
    await control.command('reset', FAILED);
    await expect(control.command('reset', 'not-an-investment')).rejects.toThrow(UnknownProcessError);
  });

  it("turns a rule's refusal of a restart into one the gateway tells the admin", async () => {
    const { investments, control } = await view();
    investments.refuse = 'Su Capital.com un account può avere un solo investimento attivo per mercato.';
    const refused = control.command('restart', STOPPED);
    await expect(refused).rejects.toThrow(CommandRefusedError);
    await expect(refused).rejects.toThrow(investments.refuse);
  });

  it("stops every bot with the Daemon's Stop and starts them again with its Restart, counted; Reset clears the count", async () => {
    const { supervisor, control, find } = await view();
    await control.command('stop', CORE_SERVICES.daemon);
    expect(find(CORE_SERVICES.daemon)?.pm2_env).toMatchObject({
      status: 'stopped',
      pm_uptime: 0,
      restart_time: 0,
    });
    expect(find(RUNNING)?.pm2_env.status).toBe('stopped');
    // A bot restarted while the Daemon is stopped would not run: the admin is told why.
    await expect(control.command('restart', STOPPED)).rejects.toThrow(PROCESS_MESSAGES.daemonStopped);

    await control.command('restart', CORE_SERVICES.daemon);
    expect(find(CORE_SERVICES.daemon)?.pm2_env).toMatchObject({ status: 'online', restart_time: 1 });
    expect(find(RUNNING)?.pm2_env.status).toBe('online');
    // Restarted while it runs, it restarts its bots.
    await control.command('restart', CORE_SERVICES.daemon);
    expect(supervisor.calls).toEqual([`restart ${RUNNING}`]);
    expect(find(CORE_SERVICES.daemon)?.pm2_env.restart_time).toBe(2);
    await control.command('reset', CORE_SERVICES.daemon);
    expect(find(CORE_SERVICES.daemon)?.pm2_env).toMatchObject({ status: 'online', restart_time: 0 });
  });

  it("ends the log stream with Monitoring's Stop, and streams again after its Restart", async () => {
    const { control, find } = await view();
    await control.command('stop', CORE_SERVICES.monitoring);
    expect(control.streaming()).toBe(false);
    expect(find(CORE_SERVICES.monitoring)?.pm2_env).toMatchObject({ status: 'stopped', pm_uptime: 0 });
    await control.command('restart', CORE_SERVICES.monitoring);
    expect(control.streaming()).toBe(true);
    expect(find(CORE_SERVICES.monitoring)?.pm2_env).toMatchObject({ status: 'online', restart_time: 1 });
    await control.command('reset', CORE_SERVICES.monitoring);
    expect(find(CORE_SERVICES.monitoring)?.pm2_env.restart_time).toBe(0);
  });
});
