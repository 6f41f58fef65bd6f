// The monitoring between processes on one PostgreSQL (issue 34): every API process and every bot
// host is a node of one Socket.IO cluster (a Server without HTTP, on the Socket.IO PostgreSQL
// adapter), and they speak three events: an API asks every node for its processes, sends a
// command to the nodes that may carry it out, and each bot host tells its log lines. The admins'
// sockets stay on the API's own gateway (gateway.ts), which shows what the cluster answers.
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  NO_PM_ID,
  processLogSchema,
  processSchema,
  type ProcessInfo,
  type ProcessLog,
} from '@platform/contracts';
import { tolerateLostConnections } from '@platform/db';
import pg from 'pg';
import { Server } from 'socket.io';
import * as z from 'zod';
import type { Logger } from '../lib/logger';
import {
  CommandRefusedError,
  UnknownProcessError,
  type ProcessAction,
  type ProcessControl,
} from './process-control';

/** A bot host's answer to a command it was sent. */
const outcomeSchema = z.enum(['done', 'not-held', 'unknown', 'failed']).or(z.object({ refused: z.string() }));
export type CommandOutcome = z.infer<typeof outcomeSchema>;

export interface ClusterCommand {
  action: ProcessAction;
  processName: string;
  /** Carried out only by the host whose pm2 holds the process (a bot); every host for the Daemon. */
  heldOnly: boolean;
}

interface ClusterEvents {
  'bots:list': (ack: (processes: ProcessInfo[]) => void) => void;
  'bots:command': (command: ClusterCommand, ack: (outcome: CommandOutcome) => void) => void;
  'bots:log': (log: ProcessLog) => void;
}

type NoEvents = Record<never, never>;
type ClusterServer = Server<NoEvents, NoEvents, ClusterEvents>;

export class ClusterNode {
  private readonly io: ClusterServer;
  private readonly pool: pg.Pool;
  private readonly logListeners = new Set<(log: ProcessLog) => void>();
  /** This process's own bots, when it is a bot host too. */
  private host: ProcessControl | null = null;

  constructor(databaseUrl: string, logger: Pick<Logger, 'warn'>) {
    // The adapter keeps one connection checked out to LISTEN on, with no 'error' listener of its
    // own: given one, the connection's 'end' follows a lost database and the adapter opens another.
    this.pool = tolerateLostConnections(new pg.Pool({ connectionString: databaseUrl, max: 3 }));
    this.io = new Server();
    this.io.adapter(
      createAdapter(this.pool, {
        errorHandler: (error) => logger.warn({ error: String(error) }, 'monitoring cluster message lost'),
      }),
    );
    this.io.on('bots:log', (log) => {
      const parsed = processLogSchema.safeParse(log);
      if (parsed.success) for (const listener of this.logListeners) listener(parsed.data);
    });
    // A node with no bots of its own answers an empty list: the asking API waits for every node.
    this.io.on('bots:list', (ack) => ack(this.host?.list() ?? []));
    this.io.on('bots:command', (command, ack) => {
      void this.carryOut(command).then(ack);
    });
  }

  /** This process hosts bots: the cluster lists them, steers them and hears their lines. */
  serve(control: ProcessControl): () => void {
    this.host = control;
    const stop = control.onLog((log) => this.io.serverSideEmit('bots:log', log));
    return () => {
      stop();
      this.host = null;
    };
  }

  /** The bot hosts' log lines (other processes' only). */
  onLog(listener: (log: ProcessLog) => void): () => void {
    this.logListeners.add(listener);
    return () => this.logListeners.delete(listener);
  }

  /** Every other node's processes, a list per node that answered in time. */
  async others(): Promise<ProcessInfo[][]> {
    const answers = await this.ask<unknown>((done) => this.io.serverSideEmit('bots:list', done));
    return answers.map((list) => z.array(processSchema).catch([]).parse(list));
  }

  /** The command to every other node; answers what each said. */
  async command(command: ClusterCommand): Promise<CommandOutcome[]> {
    const answers = await this.ask<unknown>((done) => this.io.serverSideEmit('bots:command', command, done));
    return answers.flatMap((answer) => {
      const parsed = outcomeSchema.safeParse(answer);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async close(): Promise<void> {
    // Not io.close(): this Server was never attached to an HTTP server, and closing one that was
    // not ends in its missing engine. Its one namespace's adapter says goodbye to the others.
    await this.io.of('/').adapter.close();
    await this.pool.end();
  }

  /** What a node answers to a command: done, or why not. */
  private async carryOut(command: ClusterCommand): Promise<CommandOutcome> {
    const host = this.host;
    if (!host) return 'not-held';
    if (
      command.heldOnly &&
      !host.list().some((process) => process.name === command.processName && process.pm_id !== NO_PM_ID)
    )
      return 'not-held';
    try {
      await host.command(command.action, command.processName);
      return 'done';
    } catch (error) {
      if (error instanceof UnknownProcessError) return 'unknown';
      if (error instanceof CommandRefusedError) return { refused: error.message };
      return 'failed';
    }
  }

  /**
   * The answers that came. The adapter waits for every node it heard from (up to its 5 s): a node
   * that did not answer in time, one that just died, is left out rather than failing the rest.
   */
  private ask<T>(send: (done: (error: Error | null, answers: T[]) => void) => void): Promise<T[]> {
    return new Promise((resolve) => send((_error, answers) => resolve(answers ?? [])));
  }
}
