// The monitoring gateway (DESIGN.md section 7, 'Monitoring'): Socket.IO on the API's own HTTP
// server, for admins only. The access token is checked at the handshake and again before every
// command, so a session that ends or expires stops steering processes at its next command; a
// refused socket is told why (pm2Error) and disconnected, and never joins the log stream. Every
// command an admin's socket sends is audited, carried out or not, from the admin's real address.
// The gateway is the Monitoring core service: stopped by its own Stop, it streams no log lines
// but still answers ls and commands, so that an admin can start it again.
import {
  CORE_SERVICES,
  PROCESS_MESSAGES,
  processCommandSchema,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type ProcessCommand,
  type ProcessLog,
} from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { AppError } from '../lib/errors';
import { commandDone, commandFailed, type CommandAuditRow } from './command-audit';
import {
  RealtimeEmitter,
  type RealtimeServer,
  type RealtimeSocket,
  type RealtimeSocketData,
} from './emitter';
import { CommandRefusedError, UnknownProcessError, type ProcessControl } from './process-control';
import { socketOriginReader } from './socket-origin';

export interface RealtimeGatewayOptions {
  /**
   * The processes, once the live runtime supervises them; null before. A getter, because main.ts
   * starts the runtime after the app listens, while the gateway must be attached before.
   */
  control: () => ProcessControl | null;
  /** TRUST_PROXY, as the app was built with: whose X-Forwarded-For names the admin in the audit rows. */
  trustProxy?: readonly string[] | undefined;
}

/**
 * Serves the monitoring socket at REALTIME_PATH on app.server and closes it with the app. Call it
 * after buildApp and before the app listens (Fastify takes no close hook once started).
 */
export function attachRealtimeGateway(app: FastifyInstance, options: RealtimeGatewayOptions): void {
  const { auth, logs } = app.services;
  // No cors option: browsers on other origins get no CORS headers, and the token never travels
  // by cookie, so another site's page cannot act for a signed-in admin.
  const io: RealtimeServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  const emitter = new RealtimeEmitter(io);
  const originOf = socketOriginReader(options.trustProxy);

  let stream: { control: ProcessControl; stop: () => void } | null = null;
  /** A line to the admins, unless the Monitoring service was stopped. */
  const streamLog = (log: ProcessLog): void => {
    if (options.control()?.streaming() ?? true) emitter.log(log);
  };
  /** The current control, its log lines streamed to the admins from the first time it is seen. */
  const control = (): ProcessControl | null => {
    const current = options.control();
    if (current && stream?.control !== current) {
      stream?.stop();
      stream = { control: current, stop: current.onLog(streamLog) };
    }
    return current;
  };
  control();

  /** Who holds the handshake's token now: an admin's id, or why the socket is refused. */
  const verdict = async (socket: RealtimeSocket): Promise<RealtimeSocketData['verdict']> => {
    const token: unknown = socket.handshake.auth.token;
    if (typeof token !== 'string' || token === '') return { refusal: PROCESS_MESSAGES.adminsOnly };
    try {
      const { user } = await auth.authenticate(`Bearer ${token}`);
      return user.role === 'admin' ? { adminId: user.id } : { refusal: PROCESS_MESSAGES.adminsOnly };
    } catch (error) {
      // Only the refusal of the token itself means the session is over; anything else is a fault.
      if (error instanceof AppError && error.code === 'session-invalid') {
        return { refusal: PROCESS_MESSAGES.sessionExpired };
      }
      throw error;
    }
  };

  const refuse = (socket: RealtimeSocket, message: string): void => {
    emitter.error(socket, message);
    // A server-side disconnect, which the client does not retry, unlike a dropped connection.
    socket.disconnect();
  };

  /** The row is written before the answer goes out, so what the admin is told is already on the trail. */
  const audit = (socket: RealtimeSocket, adminId: string, row: CommandAuditRow) =>
    logs.record({ ...row, userId: adminId, origin: socket.data.origin });

  const fail = async (socket: RealtimeSocket, adminId: string, payload: unknown, message: string) => {
    await audit(socket, adminId, commandFailed(payload, message));
    emitter.error(socket, message);
  };

  const perform = async (
    socket: RealtimeSocket,
    command: Exclude<ProcessCommand, { command: 'ls' }>,
    adminId: string,
  ) => {
    const current = control();
    const { command: action, processName } = command;
    try {
      if (!current) throw new UnknownProcessError(processName);
      await current.command(action, processName);
    } catch (error) {
      if (error instanceof UnknownProcessError)
        return fail(socket, adminId, command, PROCESS_MESSAGES.unknownProcess(processName));
      if (error instanceof CommandRefusedError) return fail(socket, adminId, command, error.message);
      app.log.error({ err: error, action, processName }, 'monitoring command failed');
      const message = PROCESS_MESSAGES.commandFailed(action, processName);
      streamLog({ processName: CORE_SERVICES.monitoring, type: 'err', message });
      return fail(socket, adminId, command, message);
    }
    // The gateway is the Monitoring service: the commands it carries out are its log lines.
    streamLog({
      processName: CORE_SERVICES.monitoring,
      type: 'out',
      message: `Comando ${action.toUpperCase()} eseguito per ${processName}`,
    });
    await audit(socket, adminId, commandDone(action, processName));
    emitter.processes(socket, current.list());
  };

  /** Commands come only on admitted sockets: the admin is the one whose token opened it. */
  const onCommand = async (socket: RealtimeSocket, adminId: string, payload: unknown): Promise<void> => {
    const now = await verdict(socket);
    if ('refusal' in now) {
      // Refused whatever the audit does: the socket must not stay open on a session that ended.
      try {
        await audit(socket, adminId, commandFailed(payload, now.refusal));
      } finally {
        refuse(socket, now.refusal);
      }
      return;
    }
    const parsed = processCommandSchema.safeParse(payload);
    if (!parsed.success) return fail(socket, now.adminId, payload, PROCESS_MESSAGES.badCommand);
    if (parsed.data.command === 'ls') return emitter.processes(socket, control()?.list() ?? []);
    await perform(socket, parsed.data, now.adminId);
  };

  // The verdict is reached before the client counts as connected, so the commands it sends at
  // once wait for it instead of racing it.
  io.use((socket, next) => {
    // Read now: the handshake request's connection may be gone once a polling transport answered it.
    socket.data.origin = originOf(socket.request);
    void verdict(socket)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'monitoring handshake failed');
        return { refusal: PROCESS_MESSAGES.unavailable };
      })
      .then((found) => {
        socket.data.verdict = found;
        next();
      });
  });

  io.on('connection', (socket) => {
    const found = socket.data.verdict;
    if ('refusal' in found) return refuse(socket, found.refusal);
    // A runtime that started since the last look streams its log lines from now on.
    control();
    socket.on(REALTIME_EVENTS.command, (payload) => {
      onCommand(socket, found.adminId, payload).catch((error: unknown) => {
        app.log.error({ err: error }, 'monitoring command failed');
        emitter.error(socket, PROCESS_MESSAGES.unavailable);
      });
    });
    void emitter.admit(socket);
  });

  app.addHook('preClose', async () => {
    stream?.stop();
    // Before Fastify closes its server: open sockets would otherwise keep it from closing.
    await io.close();
  });
}
