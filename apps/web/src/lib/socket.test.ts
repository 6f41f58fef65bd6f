import { REALTIME_EVENTS, type ProcessCommand, type ProcessInfo } from '@platform/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collections } from './collections/collections';
import {
  LOG_LINES_PER_PROCESS,
  PROCESS_LIST_INTERVAL_MS,
  openMonitoringSocket,
  processLogLines,
  processesQuery,
  regularCountChanged,
  regularProcessCount,
  sendProcessCommand,
  watchProcesses,
  type RealtimeSocket,
  type SocketAuth,
} from './socket';
import { notify } from './toast';

vi.mock('./toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const proc = (name: string, pm_id = 0): ProcessInfo => ({
  pm_id,
  name,
  pm2_env: { status: 'online', restart_time: 0, version: '1.0.0', pm_uptime: 1, watch: false },
});
const CORE = [proc('Monitoring', 0), proc('Daemon', 1)];

/** A Socket.IO client as the module sees it; the test plays the server. */
class FakeSocket implements RealtimeSocket {
  connected = false;
  sent: ProcessCommand[] = [];
  tokens: string[] = [];
  disconnects = 0;
  private handlers = new Map<string, (payload: unknown) => void>();

  constructor(private readonly auth: SocketAuth) {}

  on(event: string, listener: (payload: unknown) => void) {
    this.handlers.set(event, listener);
  }
  emit(_event: string, payload: ProcessCommand) {
    this.sent.push(payload);
  }
  connect() {
    this.accept();
  }
  disconnect() {
    this.connected = false;
    this.disconnects += 1;
  }
  /** The handshake: the module's auth is asked for the token, then the socket counts as connected. */
  accept() {
    this.auth(({ token }) => this.tokens.push(token));
    this.connected = true;
    this.handlers.get('connect')?.(undefined);
  }
  receive(event: string, payload: unknown) {
    this.handlers.get(event)?.(payload);
  }
  get lsCount() {
    return this.sent.filter((command) => command.command === 'ls').length;
  }
}

let queryClient: QueryClient;
let socket: FakeSocket;
let token: string | undefined;
let tokenListeners: Set<() => void>;
const cleanups: (() => void)[] = [];

function open(): FakeSocket {
  const close = openMonitoringSocket({
    queryClient,
    session: {
      token: () => token,
      subscribe: (listener) => {
        tokenListeners.add(listener);
        return () => tokenListeners.delete(listener);
      },
    },
    createSocket: (auth) => (socket = new FakeSocket(auth)),
  });
  cleanups.push(close);
  return socket;
}

function watch(): () => void {
  const stop = watchProcesses();
  cleanups.push(stop);
  return stop;
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  token = 'token-1';
  tokenListeners = new Set();
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('regular process count', () => {
  it('counts every process but the two core services', () => {
    expect(regularProcessCount([...CORE, proc('inv-1'), proc('inv-2')])).toBe(2);
    expect(regularProcessCount(CORE)).toBe(0);
  });

  it('changes when a bot appears or goes, not with the first list or the core services', () => {
    expect(regularCountChanged(undefined, [...CORE, proc('inv-1')])).toBe(false);
    expect(regularCountChanged(1, [...CORE, proc('inv-1'), proc('inv-2')])).toBe(true);
    expect(regularCountChanged(1, CORE)).toBe(true);
    expect(regularCountChanged(1, [proc('inv-1')])).toBe(false);
    expect(regularCountChanged(1, [...CORE, proc('inv-2')])).toBe(false);
  });
});

describe('the monitoring socket', () => {
  it('asks for the list as soon as it connects and every 5 s while a view watches', () => {
    watch();
    const server = open();
    expect(server.lsCount).toBe(0);
    server.accept();
    expect(server.lsCount).toBe(1);
    vi.advanceTimersByTime(PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(2);
    vi.advanceTimersByTime(2 * PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(4);
  });

  it('asks at once when a view starts watching an open socket, and stops when it leaves', () => {
    const server = open();
    server.accept();
    vi.advanceTimersByTime(3 * PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(0);
    const stop = watch();
    expect(server.lsCount).toBe(1);
    stop();
    vi.advanceTimersByTime(3 * PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(1);
  });

  it('does not queue requests while the connection is down', () => {
    watch();
    const server = open();
    vi.advanceTimersByTime(3 * PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(0);
    server.accept();
    expect(server.lsCount).toBe(1);
  });

  it('stops asking once closed', () => {
    const server = open();
    watch();
    server.accept();
    cleanups.shift()?.();
    expect(server.disconnects).toBe(1);
    vi.advanceTimersByTime(3 * PROCESS_LIST_INTERVAL_MS);
    expect(server.lsCount).toBe(1);
  });

  it('puts each list in the query cache and ignores a malformed one', () => {
    const server = open();
    server.accept();
    const list = [...CORE, proc('inv-1', 2)];
    server.receive(REALTIME_EVENTS.response, list);
    expect(queryClient.getQueryData(processesQuery.queryKey)).toEqual(list);
    server.receive(REALTIME_EVENTS.response, [{ name: 'broken' }]);
    expect(queryClient.getQueryData(processesQuery.queryKey)).toEqual(list);
  });

  it('refreshes the investments list when the number of bots changes', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const server = open();
    server.accept();
    server.receive(REALTIME_EVENTS.response, [...CORE, proc('inv-1')]);
    server.receive(REALTIME_EVENTS.response, [proc('inv-1')]);
    expect(invalidate).not.toHaveBeenCalled();
    server.receive(REALTIME_EVENTS.response, [...CORE, proc('inv-1'), proc('inv-2')]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: collections.investments.queryKey });
    server.receive(REALTIME_EVENTS.response, CORE);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('keeps the latest log lines of each process, and forgets them when closed', () => {
    const server = open();
    server.accept();
    server.receive(REALTIME_EVENTS.logs, { processName: 'inv-1', type: 'out', message: 'first' });
    server.receive(REALTIME_EVENTS.logs, { processName: 'Daemon', type: 'err', message: 'other' });
    server.receive(REALTIME_EVENTS.logs, { processName: 'inv-1', type: 'bad', message: 'malformed' });
    expect(processLogLines('inv-1')).toEqual([{ processName: 'inv-1', type: 'out', message: 'first' }]);
    expect(processLogLines('Daemon')).toHaveLength(1);

    for (let index = 0; index < LOG_LINES_PER_PROCESS + 5; index += 1) {
      server.receive(REALTIME_EVENTS.logs, { processName: 'inv-1', type: 'out', message: `line ${index}` });
    }
    const lines = processLogLines('inv-1');
    expect(lines).toHaveLength(LOG_LINES_PER_PROCESS);
    expect(lines.at(-1)?.message).toBe(`line ${LOG_LINES_PER_PROCESS + 4}`);
    expect(processLogLines('inv-1')).toBe(lines);

    cleanups.shift()?.();
    expect(processLogLines('inv-1')).toEqual([]);
  });

  it('tells the admin what the server refused, once per message', () => {
    const server = open();
    server.accept();
    server.receive(REALTIME_EVENTS.error, { message: 'Comando non valido.' });
    expect(notify.error).toHaveBeenCalledWith('Comando non valido.', 'pm2Error:Comando non valido.');
  });

  it('sends stop, restart and reset for a process', () => {
    const server = open();
    server.accept();
    sendProcessCommand('stop', 'inv-1');
    sendProcessCommand('reset', 'Daemon');
    expect(server.sent).toEqual([
      { command: 'stop', processName: 'inv-1' },
      { command: 'reset', processName: 'Daemon' },
    ]);
  });

  it('connects again with the token the session refreshed', () => {
    const server = open();
    server.accept();
    for (const listener of tokenListeners) listener();
    expect(server.disconnects).toBe(0);
    token = 'token-2';
    for (const listener of tokenListeners) listener();
    expect(server.disconnects).toBe(1);
    expect(server.tokens).toEqual(['token-1', 'token-2']);
  });
});
