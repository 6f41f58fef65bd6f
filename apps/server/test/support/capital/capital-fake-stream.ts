// The Capital.com fake's quote stream (spec/capital-api.md section 10) on the fake's HTTP server at
// /connect: it checks each frame's tokens, answers subscriptions and pings as documented, pushes
// quotes to subscribers, and can cut every connection or leave pings unanswered.
import type { Server } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

export interface FakeStreamPorts {
  /** Whether the tokens belong to a live session (and mark it used). */
  isLive(cst: unknown, securityToken: unknown): boolean;
  knows(epic: string): boolean;
  /** The business clock, for the quotes' timestamps. */
  now(): number;
}

interface ClientFrame {
  destination?: unknown;
  correlationId?: unknown;
  cst?: unknown;
  securityToken?: unknown;
  payload?: { epics?: unknown[] };
}

export class FakeQuoteStream {
  readonly counts = { connections: 0, subscriptions: 0, pings: 0 };
  pingsIgnored = false;
  readonly #server: WebSocketServer;
  readonly #ports: FakeStreamPorts;
  readonly #subscriptions = new Map<WebSocket, Set<string>>();

  constructor(server: Server, ports: FakeStreamPorts) {
    this.#ports = ports;
    this.#server = new WebSocketServer({ server, path: '/connect' });
    this.#server.on('connection', (socket) => this.#onConnection(socket));
  }

  /** Sends a quote to every connection subscribed to the epic; answers how many got it. */
  push(epic: string, bid: number, ofr: number): number {
    const frame = JSON.stringify({
      status: 'OK',
      destination: 'quote',
      payload: { epic, product: 'CFD', bid, bidQty: 1000, ofr, ofrQty: 1000, timestamp: this.#ports.now() },
    });
    let sent = 0;
    for (const [socket, epics] of this.#subscriptions) {
      if (epics.has(epic) && socket.readyState === WebSocket.OPEN) {
        socket.send(frame);
        sent += 1;
      }
    }
    return sent;
  }

  /** Cuts every connection without a closing handshake. */
  drop(): void {
    for (const socket of this.#subscriptions.keys()) socket.terminate();
    this.#subscriptions.clear();
  }

  close(): Promise<void> {
    this.drop();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  #onConnection(socket: WebSocket): void {
    this.counts.connections += 1;
    const subscribed = new Set<string>();
    this.#subscriptions.set(socket, subscribed);
    socket.on('close', () => this.#subscriptions.delete(socket));
    socket.on('message', (data: WebSocket.RawData) => {
      const frame = parseFrame(data);
      const answer = (status: 'OK' | 'ERROR', payload: object) =>
        socket.send(
          JSON.stringify({
            status,
            destination: frame.destination,
            correlationId: frame.correlationId,
            payload,
          }),
        );
      if (!this.#ports.isLive(frame.cst, frame.securityToken)) {
        answer('ERROR', { errorCode: 'error.invalid.session.token' });
        return;
      }
      const epics = Array.isArray(frame.payload?.epics) ? frame.payload.epics.map(String) : [];
      switch (frame.destination) {
        case 'marketData.subscribe':
          this.counts.subscriptions += 1;
          for (const epic of epics) subscribed.add(epic);
          answer('OK', {
            subscriptions: Object.fromEntries(
              epics.map((epic) => [epic, this.#ports.knows(epic) ? 'PROCESSED' : 'ERROR']),
            ),
          });
          return;
        case 'marketData.unsubscribe':
          for (const epic of epics) subscribed.delete(epic);
          answer('OK', { subscriptions: Object.fromEntries(epics.map((epic) => [epic, 'PROCESSED'])) });
          return;
        case 'ping':
          this.counts.pings += 1;
          if (!this.pingsIgnored) answer('OK', {});
          return;
        default:
          answer('ERROR', { errorCode: 'error.invalid.destination' });
      }
    });
  }
}

function parseFrame(data: WebSocket.RawData): ClientFrame {
  try {
    // The server's sockets keep ws's default binaryType: every message arrives as one Buffer.
    return JSON.parse((data as Buffer).toString('utf8')) as ClientFrame;
  } catch {
    return {};
  }
}
