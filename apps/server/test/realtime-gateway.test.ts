// Issue 12, the monitoring gateway over a real socket: admins only, the token checked at the
// handshake and on every command, ls / stop / restart / reset reaching the process control and
// audited, bad commands answered with pm2Error on a connection that stays usable and audited too,
// the audited address the client's behind a trusted proxy alone, and the log stream reaching
// admins alone.
import {
  CORE_SERVICES,
  PROCESS_MESSAGES,
  REALTIME_EVENTS,
  REALTIME_PATH,
  requestOf,
  type LogEntry,
  type ProcessError,
  type ProcessInfo,
  type ProcessLog,
  type RealtimeServerEvents,
  type Role,
} from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { auditLogs } from '@platform/db';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/modules/auth/access-tokens';
import type { RealtimeListenEvents } from '../src/realtime/emitter';
import { attachRealtimeGateway } from '../src/realtime/gateway';
import {
  CommandRefusedError,
  UnknownProcessError,
  type ProcessAction,
  type ProcessControl,
} from '../src/realtime/process-control';
import { createUser, login } from './support/factories';
import { createTestApp, type TestApp } from './support/test-app';

const BOT_A = '6f1c9a2e-0000-4000-8000-00000000000a';
const BOT_B = '6f1c9a2e-0000-4000-8000-00000000000b';
const USER_AGENT = 'monitoring-test/1.0';
/** A bot whose commands the supervisor fails to carry out. */
const BOT_BROKEN = '6f1c9a2e-0000-4000-8000-0000000000ff';
const CLIENT = '203.0.113.7';
/** A bot whose restart a rule refuses, with this reason. */
const BOT_REFUSED = '6f1c9a2e-0000-4000-8000-0000000000ee';
const REFUSAL = 'Su Capital.com un account può avere un solo investimento attivo per mercato.';

/**
 * Two bots that obey as pm2 would: stop leaves them stopped, restart counts, reset clears the
 * count. The Monitoring service streams until its Stop, and again after its Restart.
 */
class FakeControl implements ProcessControl {
  readonly commands: [ProcessAction, string][] = [];
  private monitoringOn = true;
  private readonly processes: ProcessInfo[] = [BOT_A, BOT_B].map((name, index) => ({
    pm_id: index,
    name,
    pm2_env: {
      status: 'online',
      restart_time: 2,
      version: '1.0.0',
      pm_uptime: 1_700_000_000_000,
      watch: false,
    },
  }));
  private readonly listeners = new Set<(log: ProcessLog) => void>();

  list(): ProcessInfo[] {
    return structuredClone(this.processes);
  }

  streaming(): boolean {
    return this.monitoringOn;
  }

  command(action: ProcessAction, processName: string): Promise<void> {
    if (processName === BOT_BROKEN) return Promise.reject(new Error('pm2 non risponde'));
    if (processName === BOT_REFUSED) return Promise.reject(new CommandRefusedError(REFUSAL));
    if (processName === CORE_SERVICES.monitoring && action !== 'reset') {
      this.monitoringOn = action === 'restart';
      return Promise.resolve();
    }
    const found = this.processes.find((process) => process.name === processName);
    if (!found) return Promise.reject(new UnknownProcessError(processName));
    this.commands.push([action, processName]);
    if (action === 'stop') found.pm2_env.status = 'stopped';
    if (action === 'restart')
      Object.assign(found.pm2_env, { status: 'online', restart_time: found.pm2_env.restart_time + 1 });
    if (action === 'reset') found.pm2_env.restart_time = 0;
    return Promise.resolve();
  }

  onLog(listener: (log: ProcessLog) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  log(log: ProcessLog): void {
    for (const listener of this.listeners) listener(log);
  }
}

type Client = Socket<RealtimeServerEvents, RealtimeListenEvents>;
type AuditRow = typeof auditLogs.$inferSelect;

interface Monitoring {
  testApp: TestApp;
  control: FakeControl;
  /** A socket to the gateway, with every event it receives; headers go with its handshake. */
  connect(
    token?: string,
    headers?: Record<string, string>,
  ): { socket: Client; received: [string, unknown][] };
}

async function startMonitoring(trustProxy?: string[]): Promise<Monitoring> {
  const testApp = await createTestApp({ trustProxy });
  const control = new FakeControl();
  attachRealtimeGateway(testApp.app, { control: () => control, trustProxy });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;
  return {
    testApp,
    control,
    connect(token, headers = {}) {
      const socket: Client = io(`http://127.0.0.1:${port}`, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        auth: token === undefined ? {} : { token },
        extraHeaders: { 'user-agent': USER_AGENT, ...headers },
      });
      const received: [string, unknown][] = [];
      socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
      onTestFinished(() => {
        socket.disconnect();
      });
      return { socket, received };
    },
  };
}

async function session(testApp: TestApp, role: Role): Promise<{ id: string; jwt: string }> {
  const user = await createUser(testApp, { role });
  return { id: user.id, jwt: (await login(testApp, user)).jwt };
}

/** The next time the server emits the event to this socket. */
function next<Event extends keyof RealtimeServerEvents>(
  socket: Client,
  event: Event,
): Promise<Parameters<RealtimeServerEvents[Event]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    const listener = (payload: Parameters<RealtimeServerEvents[Event]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    // Socket.IO's types cannot narrow a listener by a generic event name.
    socket.once(event, listener as never);
  });
}

/** What a refused socket is told before the server disconnects it. */
function refusal(socket: Client): Promise<{ message: string | undefined; reason: string }> {
  return new Promise((resolve) => {
    let message: string | undefined;
    socket.on(REALTIME_EVENTS.error, (error: ProcessError) => (message = error.message));
    socket.on('disconnect', (reason) => resolve({ message, reason }));
  });
}

/** The list the admin gets back for a command. */
async function send(socket: Client, payload: unknown): Promise<ProcessInfo[]> {
  const answer = next(socket, REALTIME_EVENTS.response);
  socket.emit(REALTIME_EVENTS.command, payload);
  return answer;
}

async function sendBad(socket: Client, payload: unknown): Promise<string> {
  const answer = next(socket, REALTIME_EVENTS.error);
  socket.emit(REALTIME_EVENTS.command, payload);
  return (await answer).message;
}

/** The audit rows of monitoring commands (in no set order: the test clock gives them one instant). */
async function processRows(testApp: TestApp): Promise<AuditRow[]> {
  const rows = await testApp.database.db.select().from(auditLogs);
  return rows.filter((row) => row.action.startsWith('PROCESS_'));
}

describe('the monitoring socket', () => {
  it('refuses visitors, users, sales and expired tokens with a message, and streams them no logs', async () => {
    const monitoring = await startMonitoring();
    const { testApp } = monitoring;
    const user = await session(testApp, 'user');
    const sales = await session(testApp, 'sales');
    const admin = await session(testApp, 'admin');

    const refused = [undefined, '', 'not-a-jwt', user.jwt, sales.jwt].map((token) =>
      monitoring.connect(token),
    );
    const answers = await Promise.all(refused.map(({ socket }) => refusal(socket)));
    // The server disconnects: the client does not reconnect on its own, as it would after a dropped connection.
    expect(answers).toEqual([
      { message: PROCESS_MESSAGES.adminsOnly, reason: 'io server disconnect' },
      { message: PROCESS_MESSAGES.adminsOnly, reason: 'io server disconnect' },
      { message: PROCESS_MESSAGES.sessionExpired, reason: 'io server disconnect' },
      { message: PROCESS_MESSAGES.adminsOnly, reason: 'io server disconnect' },
      { message: PROCESS_MESSAGES.adminsOnly, reason: 'io server disconnect' },
    ]);

    // An admin's socket is let in and told about the log line; the refused ones were not.
    const watching = monitoring.connect(admin.jwt);
    expect(await send(watching.socket, { command: 'ls' })).toHaveLength(2);
    const line: ProcessLog = { processName: BOT_A, type: 'out', message: 'ciclo chiuso' };
    const streamed = next(watching.socket, REALTIME_EVENTS.logs);
    monitoring.control.log(line);
    expect(await streamed).toEqual(line);
    for (const { received } of refused)
      expect(received.map(([event]) => event)).toEqual([REALTIME_EVENTS.error]);

    // Past the token's lifetime the open socket's next command is refused, and so is a new socket.
    testApp.clock.advance((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const ended = refusal(watching.socket);
    watching.socket.emit(REALTIME_EVENTS.command, { command: 'ls' });
    expect(await ended).toEqual({ message: PROCESS_MESSAGES.sessionExpired, reason: 'io server disconnect' });
    expect(await refusal(monitoring.connect(admin.jwt).socket)).toMatchObject({
      message: PROCESS_MESSAGES.sessionExpired,
    });
  });

  it("carries out an admin's commands, answers bad ones with pm2Error, audits them all, and ends at logout", async () => {
    const monitoring = await startMonitoring();
    const { testApp, control } = monitoring;
    const admin = await session(testApp, 'admin');
    const { socket, received } = monitoring.connect(admin.jwt);

    for (const payload of [
      'ls',
      null,
      {},
      { command: 'kill', processName: BOT_A },
      { command: 'stop' },
      { command: 'stop', processName: '' },
      { command: 'restart', processName: 42 },
    ]) {
      expect(await sendBad(socket, payload), JSON.stringify(payload)).toBe(PROCESS_MESSAGES.badCommand);
    }
    expect(await sendBad(socket, { command: 'stop', processName: 'ghost' })).toBe(
      PROCESS_MESSAGES.unknownProcess('ghost'),
    );
    expect(await sendBad(socket, { command: 'restart', processName: BOT_BROKEN })).toBe(
      PROCESS_MESSAGES.commandFailed('restart', BOT_BROKEN),
    );
    expect(control.commands).toEqual([]);

    // The same connection goes on serving.
    expect(await send(socket, { command: 'ls' })).toEqual(control.list());
    const stopped = await send(socket, { command: 'stop', processName: BOT_A });
    expect(stopped.find((process) => process.name === BOT_A)?.pm2_env.status).toBe('stopped');
    const restarted = await send(socket, { command: 'restart', processName: BOT_A });
    expect(restarted.find((process) => process.name === BOT_A)?.pm2_env).toMatchObject({
      status: 'online',
      restart_time: 3,
    });
    const reset = await send(socket, { command: 'reset', processName: BOT_B });
    expect(reset.find((process) => process.name === BOT_B)?.pm2_env.restart_time).toBe(0);
    expect(control.commands).toEqual([
      ['stop', BOT_A],
      ['restart', BOT_A],
      ['reset', BOT_B],
    ]);
    // The gateway is the Monitoring service: what it carried out is in its log lines.
    expect(received.filter(([event]) => event === REALTIME_EVENTS.logs)).toContainEqual([
      REALTIME_EVENTS.logs,
      { processName: CORE_SERVICES.monitoring, type: 'out', message: `Comando STOP eseguito per ${BOT_A}` },
    ]);

    // Every command is on the trail, those not carried out with the failure the admin was told.
    const logs = await testApp.call<LogEntry[]>({ ...requestOf(API.logs.list), token: admin.jwt });
    const audited = logs.body.data.filter((entry) => entry.action.startsWith('PROCESS_'));
    const failure = (metadata: Record<string, unknown>) => ['PROCESS_COMMAND_FAILED', metadata];
    // What each malformed payload above names with strings: 'ls', null and {} nothing.
    const malformed: Record<string, string>[] = [
      {},
      {},
      {},
      { command: 'kill', processName: BOT_A },
      { command: 'stop' },
      { command: 'stop', processName: '' },
      { command: 'restart' },
    ];
    expect(audited.map((entry) => [entry.action, entry.metadata])).toEqual(
      expect.arrayContaining([
        ['PROCESS_STOP', { processName: BOT_A }],
        ['PROCESS_RESTART', { processName: BOT_A }],
        ['PROCESS_RESET', { processName: BOT_B }],
        ...malformed.map((named) => failure({ ...named, failure: PROCESS_MESSAGES.badCommand })),
        failure({ command: 'stop', processName: 'ghost', failure: PROCESS_MESSAGES.unknownProcess('ghost') }),
        failure({
          command: 'restart',
          processName: BOT_BROKEN,
          failure: PROCESS_MESSAGES.commandFailed('restart', BOT_BROKEN),
        }),
      ]),
    );
    expect(audited).toHaveLength(3 + 9);
    for (const entry of audited) {
      expect(entry).toMatchObject({ user: { _id: admin.id }, ipAddress: '127.0.0.1', userAgent: USER_AGENT });
      const { processName, failure: told } = entry.metadata ?? {};
      expect(entry.description).toContain(entry.action === 'PROCESS_COMMAND_FAILED' ? told : processName);
    }

    // A logged-out session steers nothing more: its next command ends the socket.
    const idle = monitoring.connect(admin.jwt).socket;
    await send(idle, { command: 'ls' });
    await testApp.call({ ...requestOf(API.auth.logout), token: admin.jwt, payload: {} });
    const ended = refusal(socket);
    socket.emit(REALTIME_EVENTS.command, { command: 'stop', processName: BOT_B });
    expect(await ended).toEqual({ message: PROCESS_MESSAGES.sessionExpired, reason: 'io server disconnect' });
    expect(control.commands).toHaveLength(3);
    // The refused command is audited, for the admin whose socket it was.
    expect(await processRows(testApp)).toContainEqual(
      expect.objectContaining({
        action: 'PROCESS_COMMAND_FAILED',
        userId: admin.id,
        metadata: { command: 'stop', processName: BOT_B, failure: PROCESS_MESSAGES.sessionExpired },
      }),
    );

    // An open socket does not hold the server up: closing the app ends it.
    const closed = new Promise((resolve) => idle.on('disconnect', resolve));
    await testApp.app.close();
    expect(await closed).toBe('transport close');
  });

  it('streams no log lines while Monitoring is stopped, yet answers, and streams again once restarted', async () => {
    const monitoring = await startMonitoring();
    const admin = await session(monitoring.testApp, 'admin');
    const { socket, received } = monitoring.connect(admin.jwt);
    await send(socket, { command: 'stop', processName: CORE_SERVICES.monitoring });
    monitoring.control.log({ processName: BOT_A, type: 'out', message: 'non trasmesso' });
    // Still answering: the admin could not start it again otherwise.
    expect(await send(socket, { command: 'ls' })).toHaveLength(2);
    expect(received.filter(([event]) => event === REALTIME_EVENTS.logs)).toEqual([]);

    await send(socket, { command: 'restart', processName: CORE_SERVICES.monitoring });
    const line: ProcessLog = { processName: BOT_A, type: 'out', message: 'di nuovo trasmesso' };
    const streamed = next(socket, REALTIME_EVENTS.logs);
    monitoring.control.log(line);
    expect(await streamed).toEqual(line);
  });

  it('tells the admin why a rule refused a command, and audits it', async () => {
    const monitoring = await startMonitoring();
    const admin = await session(monitoring.testApp, 'admin');
    const { socket } = monitoring.connect(admin.jwt);
    expect(await sendBad(socket, { command: 'restart', processName: BOT_REFUSED })).toBe(REFUSAL);
    expect(await processRows(monitoring.testApp)).toContainEqual(
      expect.objectContaining({
        action: 'PROCESS_COMMAND_FAILED',
        metadata: { command: 'restart', processName: BOT_REFUSED, failure: REFUSAL },
      }),
    );
  });

  it("audits the admin's address behind a trusted proxy, and the connection's own otherwise", async () => {
    const commandFrom = async (trustProxy: string[]) => {
      const monitoring = await startMonitoring(trustProxy);
      const admin = await session(monitoring.testApp, 'admin');
      const { socket } = monitoring.connect(admin.jwt, { 'x-forwarded-for': CLIENT });
      await send(socket, { command: 'stop', processName: BOT_A });
      await sendBad(socket, { command: 'stop', processName: 'ghost' });
      const rows = await processRows(monitoring.testApp);
      expect(rows.map((row) => row.action).sort()).toEqual(['PROCESS_COMMAND_FAILED', 'PROCESS_STOP']);
      return rows.map((row) => row.ipAddress);
    };
    // The test's socket comes from the loopback: the proxy when TRUST_PROXY names it.
    expect(await commandFrom(['127.0.0.1'])).toEqual([CLIENT, CLIENT]);
    // A sender that is not the listed proxy cannot name a client.
    expect(await commandFrom(['192.0.2.1'])).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});
