// Client Processes across bot hosts (issue 34): what an API process's gateway lists and steers
// when the bots run in other processes on the same PostgreSQL. The list joins every host's pm2
// bots (as each host lists them) with the investments no host runs (stopped or failed, from the
// database), under this API's Monitoring and one Daemon standing for every host's (online while
// all are). It is read again every two seconds and after each command, so that the gateway's list,
// asked every 5 s per admin, never waits on the other processes.
// A bot's stop, restart and reset go to the host whose pm2 holds it; a bot no host holds is
// started or stopped in the database, and the hosts follow (cluster-bot-control.ts). The Daemon's
// commands go to every host. Monitoring is this API's own: its Stop ends this gateway's stream.
import {
  CORE_SERVICES,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  NO_PM_ID,
  PROCESS_MESSAGES,
  type ProcessInfo,
  type ProcessLog,
} from '@platform/contracts';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { InvestmentProcessState, MonitoredInvestments } from '../bots/host/supervisor-process-control';
import type { ClusterNode, CommandOutcome } from './cluster-node';
import {
  CommandRefusedError,
  UnknownProcessError,
  type ProcessAction,
  type ProcessControl,
} from './process-control';

const REFRESH_MS = 2000;
const isCore = (name: string) => name === CORE_SERVICES.monitoring || name === CORE_SERVICES.daemon;

export interface ClusterListParts {
  /** Each bot host's list, as its own Client Processes would show it. */
  hosts: ProcessInfo[][];
  /** Every investment but those being deleted. */
  states: readonly InvestmentProcessState[];
  monitoring: { online: boolean; startedAt: number; restarts: number };
  version: string;
}

/** The list one gateway shows of the whole cluster (pure). */
export function clusterList({ hosts, states, monitoring, version }: ClusterListParts): ProcessInfo[] {
  const env = (status: string, restarts: number, startedAt: number) => ({
    status,
    restart_time: restarts,
    version,
    pm_uptime: status === 'online' ? startedAt : 0,
    watch: false,
  });
  const daemons = hosts.flatMap((list) => list.filter((process) => process.name === CORE_SERVICES.daemon));
  const daemonOnline = daemons.length > 0 && daemons.every((daemon) => daemon.pm2_env.status === 'online');
  const core: ProcessInfo[] = [
    {
      pm_id: 0,
      name: CORE_SERVICES.monitoring,
      pm2_env: env(monitoring.online ? 'online' : 'stopped', monitoring.restarts, monitoring.startedAt),
    },
    {
      pm_id: 1,
      name: CORE_SERVICES.daemon,
      pm2_env: env(
        daemonOnline ? 'online' : 'stopped',
        daemons.reduce((sum, daemon) => sum + daemon.pm2_env.restart_time, 0),
        Math.min(...daemons.map((daemon) => daemon.pm2_env.pm_uptime || Number.MAX_SAFE_INTEGER)),
      ),
    },
  ];
  // A bot some host's pm2 holds, once: an online one before one that is stopping on another host.
  const held = new Map<string, ProcessInfo>();
  for (const process of hosts.flat()) {
    if (isCore(process.name) || process.pm_id === NO_PM_ID) continue;
    const known = held.get(process.name);
    if (!known || (known.pm2_env.status !== 'online' && process.pm2_env.status === 'online'))
      held.set(process.name, process);
  }
  const byId = new Map(states.map((state) => [state.id, state]));
  const reason = (id: string) => {
    const state = byId.get(id);
    const told = state?.isRunning === INVESTMENT_RUNNING || state?.isRunning === INVESTMENT_FAILED;
    return (told && state.statusMessage?.trim()) || null;
  };
  const withProcess = [...held.values()].map((process) => ({
    ...process,
    pm2_env: { ...process.pm2_env, statusMessage: reason(process.name) },
  }));
  const without = states
    .filter((state) => !held.has(state.id))
    .map((state) => ({
      pm_id: NO_PM_ID,
      name: state.id,
      pm2_env: {
        ...env(state.isRunning === INVESTMENT_FAILED ? 'errored' : 'stopped', 0, 0),
        statusMessage: reason(state.id),
      },
    }));
  return [...core, ...withProcess, ...without];
}

export interface ClusterProcessControlOptions {
  node: ClusterNode;
  /** This process's own bot host, when it has the bots role too. */
  local: () => ProcessControl | null;
  investments: MonitoredInvestments;
  version: string;
  logger: Pick<Logger, 'warn'>;
}

export class ClusterProcessControl implements ProcessControl {
  private listed: ProcessInfo[] = [];
  private readonly monitoring = { online: true, startedAt: Date.now(), restarts: 0 };
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly options: ClusterProcessControlOptions) {
    this.listed = clusterList({
      hosts: [],
      states: [],
      monitoring: this.monitoring,
      version: options.version,
    });
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  list(): ProcessInfo[] {
    return this.listed;
  }

  streaming(): boolean {
    return this.monitoring.online;
  }

  onLog(listener: (log: ProcessLog) => void): () => void {
    const stopRemote = this.options.node.onLog(listener);
    const stopLocal = this.options.local()?.onLog(listener);
    return () => {
      stopRemote();
      stopLocal?.();
    };
  }

  async command(action: ProcessAction, processName: string): Promise<void> {
    try {
      if (processName === CORE_SERVICES.monitoring) return this.monitoringCommand(action);
      const daemon = processName === CORE_SERVICES.daemon;
      const outcomes = await this.everywhere({ action, processName, heldOnly: !daemon });
      const refused = outcomes.find((outcome): outcome is { refused: string } => typeof outcome === 'object');
      if (refused) throw new CommandRefusedError(refused.refused);
      if (outcomes.includes('done')) return;
      if (outcomes.includes('failed')) throw new Error(`command ${action} failed on a bot host`);
      if (daemon) throw new UnknownProcessError(processName);
      await this.withoutProcess(action, processName);
    } finally {
      await this.refresh();
    }
  }

  /** Reads every host's list and the investments' states again. */
  refresh(): Promise<void> {
    this.refreshing ??= this.read().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async read(): Promise<void> {
    try {
      const [others, states] = await Promise.all([
        this.options.node.others(),
        this.options.investments.monitoredStates(),
      ]);
      const local = this.options.local()?.list() ?? [];
      // An API-only node answers an empty list: no host.
      const hosts = [local, ...others].filter((list) => list.length > 0);
      this.listed = clusterList({
        hosts,
        states,
        monitoring: this.monitoring,
        version: this.options.version,
      });
    } catch (error) {
      // The last list stays shown; the next read mends it.
      this.options.logger.warn({ error: String(error) }, 'bot hosts not read');
    }
  }

  private async everywhere(command: {
    action: ProcessAction;
    processName: string;
    heldOnly: boolean;
  }): Promise<CommandOutcome[]> {
    const outcomes = await this.options.node.command(command);
    const local = this.options.local();
    if (!local) return outcomes;
    const held = local
      .list()
      .some((process) => process.name === command.processName && process.pm_id !== NO_PM_ID);
    if (command.heldOnly && !held) return [...outcomes, 'not-held'];
    try {
      await local.command(command.action, command.processName);
      return [...outcomes, 'done'];
    } catch (error) {
      if (error instanceof CommandRefusedError) return [...outcomes, { refused: error.message }];
      if (error instanceof UnknownProcessError) return [...outcomes, 'unknown'];
      throw error;
    }
  }

  /** A bot no host holds: its investment is started or stopped here, and a host follows. */
  private async withoutProcess(action: ProcessAction, processName: string): Promise<void> {
    const states = await this.options.investments.monitoredStates();
    if (!states.some((state) => state.id === processName)) throw new UnknownProcessError(processName);
    // A bot without a process has no restart count to clear.
    if (action === 'reset') return;
    const daemon = this.listed.find((process) => process.name === CORE_SERVICES.daemon);
    if (action === 'restart' && daemon?.pm2_env.status !== 'online')
      throw new CommandRefusedError(PROCESS_MESSAGES.daemonStopped);
    try {
      if (!(await this.options.investments.switchRunning(processName, action === 'restart')))
        throw new UnknownProcessError(processName);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) throw new CommandRefusedError(error.message);
      throw error;
    }
  }

  private monitoringCommand(action: ProcessAction): void {
    if (action === 'reset') this.monitoring.restarts = 0;
    else if (action === 'stop') this.monitoring.online = false;
    else {
      this.monitoring.online = true;
      this.monitoring.restarts++;
      this.monitoring.startedAt = Date.now();
    }
  }
}
