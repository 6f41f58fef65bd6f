// The monitoring gateway's view of the processes (realtime/process-control.ts) over the bot
// supervisor, in pm2's shape: the two core services first (Monitoring: this server's gateway;
// Daemon: the supervisor), then a bot per supervised investment. Stopping a bot stops its
// investment (state 0) and keeps it in the list as stopped, as pm2 does; restarting sets it
// running again. A core service runs inside the server, so stop and restart begin its work anew
// (the Daemon restarts every bot) rather than ending it.
import { CORE_SERVICES, type CoreServiceName, type ProcessInfo, type ProcessLog } from '@platform/contracts';
import { UnknownProcessError, type ProcessAction, type ProcessControl } from '../realtime/process-control';
import type { BotSupervisor, SupervisorLine } from './bot-supervisor';

export interface RunningSwitch {
  /** Sets a known investment (not being deleted) running or stopped; false when there is none such. */
  setRunning(investmentId: string, running: boolean): Promise<boolean>;
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

export class SupervisorProcessControl implements ProcessControl {
  private readonly core: Record<CoreServiceName, { pmId: number; startedAt: number; restarts: number }>;
  /** Bots stopped by a command since the server started, with their last number and restarts: listed as stopped until restarted. */
  private readonly stopped = new Map<string, { pmId: number; restarts: number }>();

  constructor(
    private readonly supervisor: BotSupervisor,
    private readonly investments: RunningSwitch,
    private readonly version: string,
    startedAt: number = Date.now(),
  ) {
    this.core = {
      [CORE_SERVICES.monitoring]: { pmId: 0, startedAt, restarts: 0 },
      [CORE_SERVICES.daemon]: { pmId: 1, startedAt, restarts: 0 },
    };
  }

  list(): ProcessInfo[] {
    const core = Object.entries(this.core).map(([name, service]) =>
      this.process(service.pmId, name, 'online', service.restarts, service.startedAt),
    );
    const bots = this.supervisor.list();
    const supervised = new Set(bots.map((bot) => bot.investmentId));
    const running = bots.map((bot) =>
      this.process(bot.pmId, bot.investmentId, bot.status, bot.restarts, bot.startedAt ?? 0),
    );
    const stopped = [...this.stopped]
      .filter(([id]) => !supervised.has(id))
      .map(([id, last]) => this.process(last.pmId, id, 'stopped', last.restarts, 0));
    return [...core, ...running, ...stopped];
  }

  async command(action: ProcessAction, processName: string): Promise<void> {
    const service = this.core[processName as CoreServiceName] as
      (typeof this.core)[CoreServiceName] | undefined;
    if (service) {
      if (action === 'reset') service.restarts = 0;
      else {
        service.restarts++;
        service.startedAt = Date.now();
        if (processName === CORE_SERVICES.daemon)
          await this.supervisor.restart(this.supervisor.list().map((bot) => bot.investmentId));
      }
      return;
    }
    if (action === 'reset') {
      const last = this.stopped.get(processName);
      if (last) last.restarts = 0;
      else if (!(await this.supervisor.resetRestarts(processName)))
        throw new UnknownProcessError(processName);
      return;
    }
    if (!(await this.investments.setRunning(processName, action === 'restart')))
      throw new UnknownProcessError(processName);
    // The supervisor follows the investment's new state: a stop ends the bot (its order finished
    // first), a restart stops it if it runs and starts it again.
    if (action === 'stop') {
      const bot = this.supervisor.list().find((listed) => listed.investmentId === processName);
      this.stopped.set(processName, { pmId: bot?.pmId ?? -1, restarts: bot?.restarts ?? 0 });
      await this.supervisor.sync();
    } else {
      this.stopped.delete(processName);
      await this.supervisor.restart([processName]);
    }
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
        status,
        restart_time: restarts,
        version: this.version,
        pm_uptime: status === 'online' ? startedAt : 0,
        watch: false,
      },
    };
  }
}
