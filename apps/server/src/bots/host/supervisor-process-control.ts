// The monitoring gateway's view of the processes (realtime/process-control.ts) over the bot
// supervisor, in pm2's shape: the two core services first (Monitoring: this server's gateway;
// Daemon: the supervisor), then a bot per investment. The bots pm2 holds come from pm2; every
// other investment not being deleted (stopped, failed, or running without a process yet) comes
// from the database, so a bot stopped here is still listed, and can be restarted, after a server
// restart. The investments' states are read when the supervisor reads pm2's list (its events and
// its 5 s poll) and after each command, never per list: the gateway lists every 5 s per admin.
// Stopping a bot stops its investment (state 0); restarting sets it running again (state 1).
// The core services run inside the server: Monitoring's Stop ends the log stream (the gateway
// still answers), the Daemon's Stop stops every bot while their investments stay running; Restart
// starts the work again and counts it; Reset Service clears the count.
import {
  CORE_SERVICES,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  NO_PM_ID,
  PROCESS_MESSAGES,
  type CoreServiceName,
  type ProcessInfo,
  type ProcessLog,
} from '@platform/contracts';
import { AppError } from '../../lib/errors';
import {
  CommandRefusedError,
  UnknownProcessError,
  type ProcessAction,
  type ProcessControl,
} from '../../realtime/process-control';
import type { BotSupervisor, SupervisorLine } from './bot-supervisor';

/** What the view uses of the supervisor (tests hand it a fake). */
export type SupervisorView = Pick<
  BotSupervisor,
  'list' | 'stopped' | 'onRefresh' | 'onLine' | 'sync' | 'restart' | 'resetRestarts' | 'stopAll' | 'startAll'
>;

/** An investment's state as its bot is listed. */
export interface InvestmentProcessState {
  id: string;
  isRunning: number;
  statusMessage: string | null;
}

/** The investments, as the monitoring view steers and lists their bots (InvestmentsService). */
export interface MonitoredInvestments {
  /**
   * Sets a known investment (not being deleted) running or stopped; false when there is none
   * such. A start a rule refuses throws AppError (4xx) with the admin's message.
   */
  switchRunning(investmentId: string, running: boolean): Promise<boolean>;
  /** Every investment but those being deleted. */
  monitoredStates(): Promise<InvestmentProcessState[]>;
}

/** A bot's pino line as a person reads it: the message, then the fields that are not bookkeeping. */
export function readableLine(line: string): string {
  try {
    const {
      msg,
      level: _level,
      time: _time,
      pid: _pid,
      hostname: _hostname,
      investmentId: _id,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    return `${typeof msg === 'string' ? msg : ''}${details}`.trim();
  } catch {
    return line;
  }
}

/** The version the monitoring view shows for every process. */
export const PROCESS_VERSION = '1.0.0';

interface CoreService {
  pmId: number;
  startedAt: number;
  restarts: number;
}

export class SupervisorProcessControl implements ProcessControl {
  private readonly core: Record<CoreServiceName, CoreService>;
  private monitoringOn = true;
  private states = new Map<string, InvestmentProcessState>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private readonly host: string | undefined;

  constructor(
    private readonly supervisor: SupervisorView,
    private readonly investments: MonitoredInvestments,
    private readonly version: string,
    {
      startedAt = Date.now(),
      host,
    }: {
      startedAt?: number;
      /** This bot host's name among several (PostgreSQL): its bots are listed with it. */
      host?: string;
    } = {},
  ) {
    this.host = host;
    this.core = {
      [CORE_SERVICES.monitoring]: { pmId: 0, startedAt, restarts: 0 },
      [CORE_SERVICES.daemon]: { pmId: 1, startedAt, restarts: 0 },
    };
    supervisor.onRefresh(() => this.readStatesSoon());
  }

  /** Reads the investments' states now (the runtime does before the first list). */
  async refreshStates(): Promise<void> {
    await this.reading;
    await this.readStates();
  }

  list(): ProcessInfo[] {
    const daemonOn = !this.supervisor.stopped;
    const { monitoring, daemon } = CORE_SERVICES;
    const core = [this.coreProcess(monitoring, this.monitoringOn), this.coreProcess(daemon, daemonOn)];
    const bots = this.supervisor.list();
    const held = new Set(bots.map((bot) => bot.investmentId));
    const withProcess = bots.map((bot) =>
      this.process(bot.pmId, bot.investmentId, bot.status, bot.restarts, bot.startedAt ?? 0),
    );
    // pm2 holds no process of these: no number, no count, no uptime (NO_PM_ID says why).
    const without = [...this.states.values()]
      .filter((state) => !held.has(state.id))
      .map((state) =>
        this.process(NO_PM_ID, state.id, state.isRunning === INVESTMENT_FAILED ? 'errored' : 'stopped', 0, 0),
      );
    return [...core, ...withProcess, ...without];
  }

  streaming(): boolean {
    return this.monitoringOn;
  }

  async command(action: ProcessAction, processName: string): Promise<void> {
    if (processName === CORE_SERVICES.monitoring || processName === CORE_SERVICES.daemon)
      return this.coreCommand(action, processName);
    if (action === 'reset') {
      if (await this.supervisor.resetRestarts(processName)) return;
      // A bot without a process has no count to clear; only a name that is no bot is unknown.
      await this.refreshStates();
      if (!this.states.has(processName)) throw new UnknownProcessError(processName);
      return;
    }
    // Set running while the Daemon is stopped, the bot would stay down with no word of why.
    if (action === 'restart' && this.supervisor.stopped)
      throw new CommandRefusedError(PROCESS_MESSAGES.daemonStopped);
    if (!(await this.switchRunning(processName, action === 'restart')))
      throw new UnknownProcessError(processName);
    // The supervisor follows the investment's new state: a stop ends the bot (its order finished
    // first), a restart stops it if it runs and starts it again.
    if (action === 'stop') await this.supervisor.sync();
    else await this.supervisor.restart([processName]);
    await this.refreshStates();
  }

  onLog(listener: (log: ProcessLog) => void): () => void {
    return this.supervisor.onLine((line: SupervisorLine) =>
      listener({
        processName: line.investmentId ?? CORE_SERVICES.daemon,
        type: line.type,
        message: line.investmentId ? readableLine(line.line) : line.line,
      }),
    );
  }

  private async switchRunning(investmentId: string, running: boolean): Promise<boolean> {
    try {
      return await this.investments.switchRunning(investmentId, running);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) throw new CommandRefusedError(error.message);
      throw error;
    }
  }

  private async coreCommand(action: ProcessAction, name: CoreServiceName): Promise<void> {
    const service = this.core[name];
    if (action === 'reset') {
      service.restarts = 0;
      return;
    }
    const daemon = name === CORE_SERVICES.daemon;
    if (action === 'stop') {
      if (daemon) await this.supervisor.stopAll();
      else this.monitoringOn = false;
      return;
    }
    // A Daemon that runs restarts its bots; one that was stopped starts them.
    if (!daemon) this.monitoringOn = true;
    else if (this.supervisor.stopped) await this.supervisor.startAll();
    else await this.supervisor.restart(this.supervisor.list().map((bot) => bot.investmentId));
    service.restarts++;
    service.startedAt = Date.now();
  }

  /** A read now, or one more right after the one under way (as the supervisor reads pm2's list). */
  private readStatesSoon(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readStates().finally(() => {
      this.reading = null;
      if (this.readAgain) {
        this.readAgain = false;
        this.readStatesSoon();
      }
    });
  }

  private async readStates(): Promise<void> {
    // A failed read (the database closing with the server) keeps the last states; the next read mends them.
    const rows = await this.investments.monitoredStates().catch(() => null);
    if (rows) this.states = new Map(rows.map((row) => [row.id, row]));
  }

  private coreProcess(name: CoreServiceName, online: boolean): ProcessInfo {
    const service = this.core[name];
    const status = online ? 'online' : 'stopped';
    return {
      pm_id: service.pmId,
      name,
      pm2_env: this.env(status, service.restarts, service.startedAt),
    };
  }

  private process(
    pmId: number,
    name: string,
    status: string,
    restarts: number,
    startedAt: number,
  ): ProcessInfo {
    return {
      pm_id: pmId,
      name,
      pm2_env: {
        ...this.env(status, restarts, startedAt),
        statusMessage: this.reasonOf(name),
        ...(this.host && pmId !== NO_PM_ID ? { host: this.host } : {}),
      },
    };
  }

  private env(status: string, restarts: number, startedAt: number) {
    return {
      status,
      restart_time: restarts,
      version: this.version,
      pm_uptime: status === 'online' ? startedAt : 0,
      watch: false,
    };
  }

  /** Why the bot waits (state 1) or failed (state 2), as its investment says; null otherwise. */
  private reasonOf(investmentId: string): string | null {
    const state = this.states.get(investmentId);
    const told = state?.isRunning === INVESTMENT_RUNNING || state?.isRunning === INVESTMENT_FAILED;
    return (told && state.statusMessage?.trim()) || null;
  }
}
