// Keeps one bot process per running investment (DESIGN.md section 7) until the Daemon of the
// monitoring issue (pm2) takes this over: it starts the missing ones, stops those whose
// investment no longer runs, and starts a crashed bot again after a pause that doubles with
// each quick crash. A bot that keeps crashing is stopped with a reason on its investment instead
// of being restarted for ever.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BOT_MESSAGES } from './bot-messages';

export interface BotProcessEntry {
  file: string;
  execArgv: string[];
}

/** The bot's entry: bot.js next to the server bundle, or its TypeScript source through tsx. */
export function botEntryLocation(entryUrl: string): BotProcessEntry {
  const bundled = fileURLToPath(new URL('./bot.js', entryUrl));
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: fileURLToPath(new URL('./bots/bot-main.ts', entryUrl)), execArgv: ['--import', 'tsx'] };
}

export interface SupervisedBots {
  runningInvestmentIds(): Promise<string[]>;
  /** The investment goes to state 2 with the reason (it crashed too often). */
  halt(investmentId: string, message: string): Promise<void>;
}

export interface SupervisorLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

export interface SupervisorOptions {
  entry: BotProcessEntry;
  /** The bot's environment: hub address, token, keys. */
  environment: (investmentId: string) => Record<string, string>;
  bots: SupervisedBots;
  logger: SupervisorLogger;
  /** First pause before a restart; it doubles with each quick crash up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A bot that ran this long before it crashed starts again with the first pause. */
  stableMs?: number;
  /** Quick crashes in a row after which the bot is stopped for good. */
  maxQuickCrashes?: number;
}

/** One supervised bot, as the monitoring view lists it. */
export interface BotProcessInfo {
  investmentId: string;
  /** A number that stays the bot's while the server runs (pm2's pm_id). */
  pmId: number;
  pid: number | null;
  status: 'online' | 'waiting' | 'stopping';
  /** Restarts after a crash or by command, since the server started or the last reset. */
  restarts: number;
  startedAt: number | null;
}

/** A line a bot wrote (null investment: the supervisor's own news). */
export interface SupervisorLine {
  investmentId: string | null;
  type: 'out' | 'err';
  line: string;
}

interface Supervised {
  investmentId: string;
  child: ChildProcess | null;
  startedAt: number | null;
  quickCrashes: number;
  wanted: boolean;
  timer: NodeJS.Timeout | null;
  exited: Promise<void>;
}

/** pm_id 0 and 1 are the two core services (Monitoring, Daemon); bots count from here. */
const FIRST_BOT_PM_ID = 2;

export class BotSupervisor {
  private readonly bots = new Map<string, Supervised>();
  /** Kept when a bot stops, so its number and restart count survive a stop and a start. */
  private readonly counters = new Map<string, { pmId: number; restarts: number }>();
  private readonly lineListeners = new Set<(line: SupervisorLine) => void>();
  private syncing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Brings the processes in line with the investments; calls are queued so that two never interleave. */
  sync(): Promise<void> {
    this.syncing = this.syncing
      .then(() => this.syncNow())
      .catch((error: unknown) => {
        this.options.logger.warn({ error: String(error) }, 'bot sync failed');
      });
    return this.syncing;
  }

  /** Stops and starts again the bots of these investments (an account's credentials changed...). */
  async restart(investmentIds: readonly string[]): Promise<void> {
    const running = investmentIds.filter((id) => this.bots.has(id));
    for (const id of running) this.countersOf(id).restarts++;
    await Promise.all(running.map((id) => this.stop(id)));
    await this.sync();
  }

  list(): BotProcessInfo[] {
    return [...this.bots.values()].map((bot) => ({
      investmentId: bot.investmentId,
      pmId: this.countersOf(bot.investmentId).pmId,
      pid: bot.child?.pid ?? null,
      status: !bot.wanted ? 'stopping' : bot.child ? 'online' : 'waiting',
      restarts: this.countersOf(bot.investmentId).restarts,
      startedAt: bot.startedAt,
    }));
  }

  /** The bot's number and restart count, whether it runs now or not; null for a bot never supervised. */
  countersFor(investmentId: string): { pmId: number; restarts: number } | null {
    return this.counters.get(investmentId) ?? null;
  }

  /** Its restart count back to 0 (pm2's reset); false for a bot never supervised. */
  resetRestarts(investmentId: string): boolean {
    const counters = this.counters.get(investmentId);
    if (counters) counters.restarts = 0;
    return counters !== undefined;
  }

  /** Every line the bots write, and the supervisor's own news; the returned function stops listening. */
  onLine(listener: (line: SupervisorLine) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  /** The bot's process, for tests that kill it. */
  pidOf(investmentId: string): number | null {
    return this.bots.get(investmentId)?.child?.pid ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.syncing;
    await Promise.all([...this.bots.keys()].map((id) => this.stop(id)));
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    const running = new Set(await this.options.bots.runningInvestmentIds());
    await Promise.all([...this.bots.keys()].filter((id) => !running.has(id)).map((id) => this.stop(id)));
    for (const id of running) if (!this.bots.has(id)) this.launch(this.track(id));
  }

  private tell(line: SupervisorLine): void {
    for (const listener of this.lineListeners) listener(line);
  }

  private countersOf(investmentId: string): { pmId: number; restarts: number } {
    let counters = this.counters.get(investmentId);
    if (!counters) {
      counters = { pmId: FIRST_BOT_PM_ID + this.counters.size, restarts: 0 };
      this.counters.set(investmentId, counters);
    }
    return counters;
  }

  private track(investmentId: string): Supervised {
    this.countersOf(investmentId);
    const bot: Supervised = {
      investmentId,
      child: null,
      startedAt: null,
      quickCrashes: 0,
      wanted: true,
      timer: null,
      exited: Promise.resolve(),
    };
    this.bots.set(investmentId, bot);
    return bot;
  }

  private launch(bot: Supervised): void {
    bot.timer = null;
    if (!bot.wanted || this.closed) return;
    const { entry, environment, logger } = this.options;
    const child = spawn(process.execPath, [...entry.execArgv, entry.file], {
      env: { PATH: process.env.PATH ?? '', ...environment(bot.investmentId) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bot.child = child;
    bot.startedAt = Date.now();
    const forward = (stream: NodeJS.ReadableStream | null, type: SupervisorLine['type']) =>
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (!line.trim()) continue;
          logger.info({ bot: bot.investmentId, line }, 'bot');
          this.tell({ investmentId: bot.investmentId, type, line });
        }
      });
    forward(child.stdout, 'out');
    forward(child.stderr, 'err');
    this.tell({
      investmentId: null,
      type: 'out',
      line: `bot ${bot.investmentId} started (pid ${child.pid})`,
    });
    bot.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        void this.exited(bot, child, code, signal).finally(resolve);
      });
    });
    logger.info({ investmentId: bot.investmentId, pid: child.pid }, 'bot started');
  }

  private async exited(
    bot: Supervised,
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): Promise<void> {
    if (bot.child !== child) return;
    bot.child = null;
    const { logger } = this.options;
    if (!bot.wanted || this.closed) {
      this.bots.delete(bot.investmentId);
      return;
    }
    // Exit 0: nothing to do (not running, or halted with its reason written); the next sync decides.
    if (code === 0) {
      this.bots.delete(bot.investmentId);
      void this.sync();
      return;
    }
    const ranFor = Date.now() - (bot.startedAt ?? Date.now());
    bot.quickCrashes = ranFor >= (this.options.stableMs ?? 60_000) ? 1 : bot.quickCrashes + 1;
    if (bot.quickCrashes > (this.options.maxQuickCrashes ?? 6)) {
      logger.warn({ investmentId: bot.investmentId }, 'bot crashes again and again: stopped');
      this.bots.delete(bot.investmentId);
      await this.options.bots.halt(bot.investmentId, BOT_MESSAGES.crashLoop);
      return;
    }
    const pause = Math.min(
      (this.options.backoffMs ?? 1000) * 2 ** (bot.quickCrashes - 1),
      this.options.maxBackoffMs ?? 60_000,
    );
    this.countersOf(bot.investmentId).restarts++;
    logger.warn({ investmentId: bot.investmentId, code, signal, pause }, 'bot exited, starting it again');
    this.tell({
      investmentId: null,
      type: 'err',
      line: `bot ${bot.investmentId} exited (${signal ?? `code ${code}`}), starting it again in ${pause} ms`,
    });
    bot.timer = setTimeout(() => this.launch(bot), pause);
  }

  private async stop(investmentId: string): Promise<void> {
    const bot = this.bots.get(investmentId);
    if (!bot) return;
    bot.wanted = false;
    if (bot.timer) clearTimeout(bot.timer);
    const child = bot.child;
    if (child) {
      // The bot finishes the order under way; one that does not end in time is killed.
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await bot.exited;
      clearTimeout(killer);
    }
    this.bots.delete(investmentId);
  }
}
