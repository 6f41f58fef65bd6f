// The one module that emits on the realtime socket (STYLE.md 'One realtime owner'): answers to
// one socket, and the log stream to the room of admitted admins, so no event reaches a client
// that the gateway has not admitted.
import {
  REALTIME_EVENTS,
  type ProcessInfo,
  type ProcessLog,
  type RealtimeServerEvents,
} from '@platform/contracts';
import type { Server, Socket } from 'socket.io';
import type { RequestOrigin } from '../lib/http';

/** The client's events as the server receives them: untrusted until parsed. */
export interface RealtimeListenEvents {
  [REALTIME_EVENTS.command]: (payload: unknown) => void;
}

/** Who the socket is and where it comes from, decided once at the handshake. */
export interface RealtimeSocketData {
  verdict: { adminId: string } | { refusal: string };
  origin: RequestOrigin;
}

/** Server instances send each other no events of their own. */
type NoEvents = Record<never, never>;

export type RealtimeServer = Server<RealtimeListenEvents, RealtimeServerEvents, NoEvents, RealtimeSocketData>;
export type RealtimeSocket = Socket<RealtimeListenEvents, RealtimeServerEvents, NoEvents, RealtimeSocketData>;

const ADMINS_ROOM = 'admins';

export class RealtimeEmitter {
  constructor(private readonly io: RealtimeServer) {}

  /** From now on the socket receives every process's log lines. */
  async admit(socket: RealtimeSocket): Promise<void> {
    await socket.join(ADMINS_ROOM);
  }

  processes(socket: RealtimeSocket, processes: ProcessInfo[]): void {
    socket.emit(REALTIME_EVENTS.response, processes);
  }

  error(socket: RealtimeSocket, message: string): void {
    socket.emit(REALTIME_EVENTS.error, { message });
  }

  log(log: ProcessLog): void {
    this.io.to(ADMINS_ROOM).emit(REALTIME_EVENTS.logs, log);
  }
}
