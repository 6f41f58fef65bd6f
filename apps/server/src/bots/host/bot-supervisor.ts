// The Daemon (DESIGN.md section 7): pm2, through its programmatic API, runs one bot process per
// running investment, named after the investment. pm2's home lives under DATA_DIR; the daemon
// starts with the server (clearing what a crashed server left) and is stopped with it. pm2
// restarts a bot that ended after a pause that grows with each quick crash; a bot whose
// investment no longer runs (it halted with its reason written, or was stopped) is removed as
// soon as it exits, and by the sync that runs whenever the poll finds a bot not online. A bot
// that keeps crashing is stopped with a reason on its investment instead of being restarted for
// ever. The Daemon's own Stop (stopAll) stops every bot and launches none until its Restart
// (startAll); their investments keep running in the database, so a server restart brings them
// back too. (pm2's stop_exit_codes would keep a bot that exits with 0 down, but with
// exp_backoff_restart_delay it also leaves a killed bot waiting for ever, so it is not used.)
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BOT_MESSAGES } from '../protocol/bot-messages';
import type { Logger } from '../../lib/logger';

export interface BotProcessEntry {
  file: string;
  execArgv: string[];
}

/** The bot's entry: bot.js next to the server bundle, or its TypeScript source through tsx. */
export function botEntryLocation(entryUrl: string): BotProcessEntry {
  const bundled = fileURLToPath(new URL('./bot.js', entryUrl));
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return {
    file: fileURLToPath(new URL('./bots/process/bot-main.ts', entryUrl)),
    execArgv: ['--import', 'tsx'],
  };
}

export interface SupervisedBots {
  runningInvestmentIds(): Promise<string[]>;
  /** The investment goes to state 2 with the reason (it crashed too often). */
  halt(investmentId: string, message: string): Promise<void>;
}

export interface SupervisorOptions {
  /** pm2's home (DATA_DIR/pm2): its socket, pid and log files. */
  home: string;
  entry: BotProcessEntry;
  /** The bot's environment: hub address, token, keys. */
  environment: (investmentId: string) => Record<string, string>;
  bots: SupervisedBots;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** First pause before a restart; pm2 makes it grow with each quick crash. */
  backoffMs?: number;
  /** Quick crashes (within a second of the start, pm2's unstable restarts) after which the bot is stopped for good. */
  maxQuickCrashes?: number;
  /** How often the process list is read from pm2 besides its events (the monitoring view asks every 5 s). */
  pollMs?: number;
}

/** One supervised bot, as the monitoring view lists it. */
export interface BotProcessInfo {
  investmentId: string;
  /** pm2's pm_id. */
  pmId: number;
  pid: number | null;
  /** pm2's status: online, launching, stopping, stopped, errored... */
  status: string;
  /** pm2's restart count (crashes and restart commands) since the daemon started or the last reset. */
  restarts: number;
  startedAt: number | null;
}

/** A line a bot wrote (null investment: the Daemon's own news). */
export interface SupervisorLine {
  investmentId: string | null;
  type: 'out' | 'err';
  line: string;
}

// pm2's programmatic API, as far as it is used here (its own typings have no `custom`, the
// constructor of an instance with its own home).
interface Pm2Process {
  pm_id: number;
  name: string;
  pid: number;
  pm2_env: { status: string; restart_time: number; pm_uptime: number; unstable_restarts: number };
}
type Done<T = unknown> = (error: Error | null, result: T) => void;
interface Pm2Bus {
  on(
    event: string,
    listener: (packet: { process: { name: string }; data?: string; event?: string }) => void,
  ): void;
}
interface Pm2Api {
  connect(done: (error: Error | null) => void): void;
  start(options: object, done: Done): void;
  list(done: Done<Pm2Process[]>): void;
  restart(name: string, done: Done): void;
  stop(name: string, done: Done): void;
  delete(name: string, done: Done): void;
  reset(name: string, done: Done): void;
  launchBus(done: Done<Pm2Bus>): void;
  killDaemon(done: Done): void;
  disconnect(): void;
  Client: { disconnectBus(done: () => void): void };
}
const { custom: Pm2 } = createRequire(import.meta.url)('pm2') as {
  custom: new (options: { pm2_home: string; independent: boolean; daemon_mode: boolean }) => Pm2Api;
};

const call = <T>(action: (done: Done<T>) => void) =>
  new Promise<T>((resolve, reject) => action((error, result) => (error ? reject(error) : resolve(result))));

export class BotSupervisor {
  private readonly pm2: Pm2Api;
  private processes: Pm2Process[] = [];
  private readonly lineListeners = new Set<(line: SupervisorLine) => void>();
  private readonly refreshListeners = new Set<() => void>();
  /** Stopped by the Daemon's Stop: no bot is launched or restarted until startAll. */
  private suspended = false;
  private syncing: Promise<void> = Promise.resolve();
  private poll: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private closed = false;

  constructor(private readonly options: SupervisorOptions) {
    this.pm2 = new Pm2({ pm2_home: options.home, independent: false, daemon_mode: true });
  }

  /** Starts pm2's daemon (or joins it), clears the bots a crashed server left, and starts following it. */
  async start(): Promise<void> {
    await call((done) => this.pm2.connect((error) => done(error, null)));
    await call((done) => this.pm2.delete('all', done)).catch(() => undefined);
    const bus = await call<Pm2Bus>((done) => this.pm2.launchBus(done));
    const forward =
      (type: SupervisorLine['type']) => (packet: { process: { name: string }; data?: string }) => {
        for (const line of (packet.data ?? '').split('\n')) {
          if (line.trim()) this.tell({ investmentId: packet.process.name, type, line });
        }
      };
    bus.on('log:out', forward('out'));
    bus.on('log:err', forward('err'));
    bus.on('process:event', (packet) => {
      if (packet.event !== 'exit' && packet.event !== 'restart' && packet.event !== 'online') return;
      this.tell({ investmentId: null, type: 'out', line: `${packet.process.name}: ${packet.event}` });
      // A bot that ended may have ended for good (halted, or its investment stopped): remove it now,
      // not at the next poll, which a loaded host can miss while pm2 waits to restart it. Only
      // remove: a full sync here would restart again a bot that pm2 is restarting by command.
      if (packet.event === 'exit') void this.queued(() => this.removeEnded());
      else this.refreshSoon();
    });
    this.poll = setInterval(() => void this.refresh().then(() => this.settle()), this.options.pollMs ?? 5000);
    this.poll.unref();
  }

  /** Brings the processes in line with the investments; calls are queued so that two never interleave. */
  sync(): Promise<void> {
    return this.queued(() => this.syncNow());
  }

  private queued(work: () => Promise<unknown>): Promise<void> {
    this.syncing = this.syncing
      .then(async () => {
        if (!this.closed) await work();
      })
      .catch((error: unknown) => {
        this.options.logger.warn({ error: String(error) }, 'bot sync failed');
      });
    return this.syncing;
  }

  /** Restarts the bots of these investments that run (an account's credentials changed...), then syncs. */
  async restart(investmentIds: readonly string[]): Promise<void> {
    const known = new Set(this.suspended ? [] : this.processes.map((process) => process.name));
    for (const id of investmentIds.filter((name) => known.has(name))) {
      await call((done) => this.pm2.restart(id, done)).catch(() => undefined);
    }
    await this.sync();
  }

  /** Whether the Daemon was stopped (stopAll) and not started again. */
  get stopped(): boolean {
    return this.suspended;
  }

  /**
   * The Daemon's Stop: every bot stops (each finishes the order under way; pm2 keeps them, as
   * stopped) and none is launched until startAll. Their investments still run.
   */
  stopAll(): Promise<void> {
    return this.queued(async () => {
      this.suspended = true;
      await call((done) => this.pm2.stop('all', done)).catch(() => undefined);
      await this.refresh();
    });
  }

  /** The Daemon's Restart after a Stop: the bots of running investments are started again. */
  startAll(): Promise<void> {
    return this.queued(() => {
      this.suspended = false;
      return this.syncNow();
    });
  }

  /** Called after each read of pm2's list (events, the poll, syncs); the returned function stops it. */
  onRefresh(listener: () => void): () => void {
    this.refreshListeners.add(listener);
    return () => this.refreshListeners.delete(listener);
  }

  list(): BotProcessInfo[] {
    return this.processes.map((process) => ({
      investmentId: process.name,
      pmId: process.pm_id,
      pid: process.pid > 0 ? process.pid : null,
      status: process.pm2_env.status,
      restarts: process.pm2_env.restart_time,
      startedAt: process.pm2_env.status === 'online' ? process.pm2_env.pm_uptime : null,
    }));
  }

  /** The bot's process, for tests that kill it. */
  pidOf(investmentId: string): number | null {
    return this.list().find((bot) => bot.investmentId === investmentId)?.pid ?? null;
  }

  /** Its restart count back to 0 (pm2's reset); false for a bot pm2 does not know. */
  async resetRestarts(investmentId: string): Promise<boolean> {
    if (!this.processes.some((process) => process.name === investmentId)) return false;
    await call((done) => this.pm2.reset(investmentId, done));
    await this.refresh();
    return true;
  }

  /** Every line the bots write, and the Daemon's own news; the returned function stops listening. */
  onLine(listener: (line: SupervisorLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  /** Stops every bot (each finishes the order under way) and pm2's daemon. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    await this.syncing;
    await call((done) => this.pm2.delete('all', done)).catch(() => undefined);
    // The event bus first: once the daemon is gone, pm2 leaves its socket trying to reconnect.
    await new Promise<void>((resolve) => this.pm2.Client.disconnectBus(resolve));
    await call((done) => this.pm2.killDaemon(done)).catch(() => undefined);
    this.pm2.disconnect();
  }

  private tell(line: SupervisorLine): void {
    for (const listener of this.lineListeners) listener(line);
  }

  /** A refresh now, or one more right after the one under way: a burst of events (bots starting) reads the list twice, not once each. */
  private refreshSoon(): void {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = this.refresh().finally(() => {
      this.refreshing = null;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.refreshSoon();
      }
    });
  }

  private async refresh(): Promise<void> {
    if (this.closed) return;
    this.processes = await call<Pm2Process[]>((done) => this.pm2.list(done)).catch(() => this.processes);
    for (const listener of this.refreshListeners) listener();
  }

  /** A bot that ended (exit 0) or that pm2 gave up on is settled by a sync; a crash loop halts it first. */
  private async settle(): Promise<void> {
    const limit = this.options.maxQuickCrashes ?? 6;
    const looping = this.processes.filter(
      (process) => process.pm2_env.unstable_restarts > limit || process.pm2_env.status === 'errored',
    );
    for (const process of looping) {
      this.options.logger.warn({ investmentId: process.name }, 'bot crashes again and again: stopped');
      await call((done) => this.pm2.delete(process.name, done)).catch(() => undefined);
      await this.options.bots.halt(process.name, BOT_MESSAGES.crashLoop);
    }
    // A bot that is not online may have ended for good (its investment stopped): the sync decides.
    if (looping.length > 0 || this.processes.some((process) => process.pm2_env.status !== 'online'))
      await this.sync();
  }

  /** Deletes the processes whose investment no longer runs; answers the investments that run. */
  private async removeEnded(): Promise<Set<string>> {
    await this.refresh();
    const running = new Set(await this.options.bots.runningInvestmentIds());
    for (const process of this.processes.filter((bot) => !running.has(bot.name))) {
      await call((done) => this.pm2.delete(process.name, done)).catch(() => undefined);
    }
    return running;
  }

  private async syncNow(): Promise<void> {
    const running = await this.removeEnded();
    if (this.suspended) return this.refresh();
    for (const process of this.processes) {
      if (running.has(process.name) && process.pm2_env.status === 'stopped') {
        await call((done) => this.pm2.restart(process.name, done)).catch(() => undefined);
      }
    }
    const known = new Set(this.processes.map((process) => process.name));
    for (const id of running) if (!known.has(id)) await this.launch(id);
    await this.refresh();
  }

  private async launch(investmentId: string): Promise<void> {
    const { entry, environment, logger } = this.options;
    await call((done) =>
      this.pm2.start(
        {
          name: investmentId,
          script: entry.file,
          // From here a source run finds tsx (node_args) as the server did.
          cwd: process.cwd(),
          // Named, so that pm2 runs the TypeScript source of a development run through tsx too.
          interpreter: process.execPath,
          interpreter_args: entry.execArgv,
          env: environment(investmentId),
          // Only that environment, not the server's (pm2 copies it by default): no server secret
          // reaches a bot, and the list pm2 answers stays small (with it, 9.6 kB a bot, 1.9 MB
          // for 200 read on each poll). pm2 drops every variable whose name contains an entry.
          filter_env: [''],
          autorestart: true,
          exp_backoff_restart_delay: this.options.backoffMs ?? 1000,
          // The bot finishes the order under way before it stops; one that does not end in time is killed.
          kill_timeout: 15_000,
        },
        done,
      ),
    ).catch((error: unknown) => logger.warn({ investmentId, error: String(error) }, 'bot could not start'));
  }
}
