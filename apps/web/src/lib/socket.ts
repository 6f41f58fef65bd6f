// The one realtime connection of the web app (STYLE.md: one lib/socket.ts), the monitoring socket
// of product-spec.md sections 'Monitoring socket' and 'Realtime socket (admin)': opened for admins
// while the dashboard is mounted, it asks for the process list at once and every 5 s while the
// monitoring view watches it, puts each pm2Response into the query cache, keeps the latest
// pm2Logs lines per process, and refreshes the investments list when the number of bots changes.
import {
  CORE_SERVICES,
  REALTIME_EVENTS,
  REALTIME_PATH,
  processLogSchema,
  processSchema,
  type ProcessCommand,
  type ProcessInfo,
  type ProcessLog,
} from '@platform/contracts';
import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import * as z from 'zod';
import { collections } from './collections/collections';
import { sessionStore } from './session/session-store';
import { notify } from './toast';

export const PROCESS_LIST_INTERVAL_MS = 5000;
/** Enough for the logs dialog to show what just happened, bounded so a chatty bot cannot grow it. */
export const LOG_LINES_PER_PROCESS = 200;

/** Filled by the socket only: there is no HTTP call to fetch it with. */
export const processesQuery = queryOptions<ProcessInfo[]>({
  queryKey: ['processes'],
  queryFn: skipToken,
  staleTime: Infinity,
});

const CORE_SERVICE_NAMES: ReadonlySet<string> = new Set(Object.values(CORE_SERVICES));

export const isCoreService = (name: string) => CORE_SERVICE_NAMES.has(name);

/** Bots, that is every process but the two core services. */
export const regularProcessCount = (list: readonly ProcessInfo[]) =>
  list.filter((process) => !isCoreService(process.name)).length;

/** A bot appeared or went away since the previous list; the first list of a connection is no change. */
export const regularCountChanged = (previous: number | undefined, list: readonly ProcessInfo[]) =>
  previous !== undefined && previous !== regularProcessCount(list);

/** What this module uses of a Socket.IO client, so tests can drive it with a fake. */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (payload: unknown) => void): unknown;
  emit(event: string, payload: ProcessCommand): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketAuth = (reply: (data: { token: string }) => void) => void;

export interface SocketDeps {
  queryClient: QueryClient;
  /** The session's access token now, and a way to hear that it changed (a refresh). */
  session: { token: () => string | undefined; subscribe: (listener: () => void) => () => void };
  /** Creates the socket and connects it; auth is called again at every (re)connection. */
  createSocket: (auth: SocketAuth) => RealtimeSocket;
}

const listSchema = z.array(processSchema);
const errorSchema = z.object({ message: z.string() });

// Log lines are a stream, not server state that can be fetched again, so they live in a small
// store of their own rather than in the query cache. Each process's array is replaced on change,
// so the snapshot React reads stays the same object until a line arrives.
const logListeners = new Set<() => void>();
let logLines = new Map<string, readonly ProcessLog[]>();
const NO_LINES: readonly ProcessLog[] = [];

function setLogLines(next: Map<string, readonly ProcessLog[]>): void {
  logLines = next;
  for (const listener of logListeners) listener();
}

function appendLogLine(line: ProcessLog): void {
  const lines = [...(logLines.get(line.processName) ?? NO_LINES), line].slice(-LOG_LINES_PER_PROCESS);
  setLogLines(new Map(logLines).set(line.processName, lines));
}

export const processLogLines = (processName: string): readonly ProcessLog[] =>
  logLines.get(processName) ?? NO_LINES;

interface Connection {
  socket: RealtimeSocket;
  close: () => void;
}

let connection: Connection | null = null;
/** Mounted views that want the process list polled. */
let watchers = 0;
let pollTimer: ReturnType<typeof setInterval> | undefined;

function requestList(): void {
  // Only on a live connection: Socket.IO would otherwise queue every tick and flush them all on
  // reconnecting; the 'connect' handler asks once instead.
  if (connection?.socket.connected) connection.socket.emit(REALTIME_EVENTS.command, { command: 'ls' });
}

/** Polls exactly while there is a connection and a view watching. */
function syncPolling(): void {
  const wanted = connection !== null && watchers > 0;
  if (wanted && pollTimer === undefined) {
    requestList();
    pollTimer = setInterval(requestList, PROCESS_LIST_INTERVAL_MS);
  }
  if (!wanted && pollTimer !== undefined) {
    clearInterval(pollTimer);
    pollTimer = undefined;
  }
}

/** Opens the monitoring socket; the returned function closes it. One at a time. */
export function openMonitoringSocket({ queryClient, session, createSocket }: SocketDeps): () => void {
  connection?.close();
  let usedToken: string | undefined;
  let regularCount: number | undefined;

  const socket = createSocket((reply) => {
    usedToken = session.token();
    reply({ token: usedToken ?? '' });
  });
  socket.on('connect', () => {
    if (watchers > 0) requestList();
  });
  socket.on(REALTIME_EVENTS.response, (payload) => {
    const list = listSchema.safeParse(payload);
    if (!list.success) return;
    if (regularCountChanged(regularCount, list.data)) {
      void queryClient.invalidateQueries({ queryKey: collections.investments.queryKey });
    }
    regularCount = regularProcessCount(list.data);
    queryClient.setQueryData(processesQuery.queryKey, list.data);
  });
  socket.on(REALTIME_EVENTS.logs, (payload) => {
    const line = processLogSchema.safeParse(payload);
    if (line.success) appendLogLine(line.data);
  });
  socket.on(REALTIME_EVENTS.error, (payload) => {
    const error = errorSchema.safeParse(payload);
    // One toast per message: a refusal repeated on every poll would otherwise pile up.
    if (error.success) notify.error(error.data.message, `${REALTIME_EVENTS.error}:${error.data.message}`);
  });

  // The server checks the handshake's token on every command, so once the session has a new
  // token the connection is made again with it.
  const unsubscribe = session.subscribe(() => {
    const token = session.token();
    if (token === undefined || token === usedToken) return;
    socket.disconnect();
    socket.connect();
  });

  const opened: Connection = {
    socket,
    close: () => {
      unsubscribe();
      socket.disconnect();
      if (connection === opened) connection = null;
      setLogLines(new Map());
      syncPolling();
    },
  };
  connection = opened;
  syncPolling();
  return opened.close;
}

/** Sends stop, restart or reset for a process on the open socket (the dashboard's, for admins). */
export function sendProcessCommand(
  command: Exclude<ProcessCommand['command'], 'ls'>,
  processName: string,
): void {
  connection?.socket.emit(REALTIME_EVENTS.command, { command, processName });
}

/** Starts polling the list for a view; the returned function stops it. */
export function watchProcesses(): () => void {
  watchers += 1;
  syncPolling();
  let watching = true;
  return () => {
    if (!watching) return;
    watching = false;
    watchers -= 1;
    syncPolling();
  };
}

const browserSocket = (auth: SocketAuth): RealtimeSocket =>
  // WebSocket only: no long-polling requests each carrying the token, and one connection to see.
  io({ path: REALTIME_PATH, auth, transports: ['websocket'] });

const sessionToken = {
  token: () => sessionStore.getSnapshot()?.jwt,
  subscribe: (listener: () => void) => sessionStore.subscribe(listener),
};

/** The dashboard's hook: the socket is open while it is mounted, for admins only. */
export function useMonitoringSocket(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return openMonitoringSocket({ queryClient, session: sessionToken, createSocket: browserSocket });
  }, [enabled, queryClient]);
}

/** The monitoring view's hook: the latest list, asked for at once and every 5 s while mounted. */
export function useProcessList() {
  useEffect(() => watchProcesses(), []);
  return useQuery(processesQuery);
}

const subscribeToLogs = (listener: () => void) => {
  logListeners.add(listener);
  return () => logListeners.delete(listener);
};

/** The latest log lines of one process, updated as they arrive. */
export function useProcessLogs(processName: string): readonly ProcessLog[] {
  return useSyncExternalStore(subscribeToLogs, () => processLogLines(processName));
}
