/**
 * Price ticks from one feed owner to the bot hosts (issue 34, point 3; ADR 0008): PostgreSQL
 * LISTEN/NOTIFY through `pg` against NATS, one publisher and K subscribers, each subscriber a
 * process of its own with its own connection, as the bot hosts would be.
 *
 * The publisher sends PriceEvents (bots/protocol/hub-protocol.ts, about 150 bytes of JSON with a
 * sequence number and the moment it was sent) at a fixed rate for `seconds`, the rate rising
 * 100, 300, 1,000, 3,000, 10,000, 30,000, 100,000 a second until a step is not sustained: the
 * publisher fell short of the rate by more than 5%, a subscriber missed a tick, or the median
 * delivery latency passed 10 ms (a queue growing). Each step prints the rate reached, the delivery latency
 * (publisher's send to the subscriber's handler, on the one machine clock: performance.timeOrigin
 * + performance.now() in both processes) at p50, p99 and max over every subscriber's ticks, and
 * the ticks lost. Then, at 120 ticks a second (the replay feed at 600x: 4 prices per 1m bar, 3
 * markets), one subscriber drops its connection and opens it again: the ticks sent meanwhile are
 * lost on both, which the last line counts.
 *
 * PostgreSQL: the publisher sends as the platform's PostgreSQL notifications do (packages/db
 * notifications.ts): `SELECT pg_notify($1, $2)` on one connection, one after another; each
 * subscriber LISTENs on a connection of its own. `postgres-batched`: the same, but the ticks due
 * at one turn of the publisher's loop go as one JSON array per NOTIFY (up to 7,900 bytes, about 50
 * ticks), what a bus would do past the plain one's ceiling. NATS: core NATS (at most once, no
 * JetStream), spoken in its text protocol (CONNECT, PUB, SUB, MSG, PING/PONG: about sixty lines
 * below), so the bench needs no client package; the PUBs of one turn of the loop leave in one write.
 *
 *   npx tsx apps/server/bench/tick-bus.ts [seconds=3] [transports=postgres,postgres-batched,nats] [subscribers=1,2,4]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test   BENCH_NATS=127.0.0.1:4222
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { quantileOf } from './support/quantile';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const [NATS_HOST = '127.0.0.1', NATS_PORT = '4222'] = (process.env.BENCH_NATS ?? '127.0.0.1:4222').split(':');
const CHANNEL = 'bench_ticks';
const RATES = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000];
/** The replay feed at 600x (the tests' fastest): 4 prices per 1m bar for each of 3 markets. */
const REPLAY_600X = (4 * 3 * 600) / 60;
/**
 * A bus that keeps up delivers the median tick within this; one falling behind builds a queue that
 * drives the median up within the step. The p99 and max are printed, not judged: on two cores
 * shared with other sessions they are set by the machine's stalls (the bare timer's lateness,
 * printed first) more than by the bus.
 */
const P50_LIMIT_MS = 10;
/** A subscriber that has not heard a tick for this long reports what it has. */
const QUIET_MS = 2_000;

type Transport = 'postgres' | 'postgres-batched' | 'nats';
const now = () => performance.timeOrigin + performance.now();

/** What a subscriber answers at the end of a step. */
interface StepReport {
  received: number;
  outOfOrder: number;
  /** Delivery latencies in ms, sorted. */
  latencies: number[];
  /** The drop step only: how long the dropped connection took to listen again. */
  gapMs?: number;
}
type ToSubscriber = { kind: 'step'; step: number } | { kind: 'report'; sent: number } | { kind: 'drop' };
type ToPublisher = { kind: 'ready' } | ({ kind: 'report' } & StepReport);

// ---------------------------------------------------------------------------------------------
// NATS in its text protocol (docs.nats.io, "Client Protocol"): enough for PUB, SUB and a flush.

class NatsConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pongs: (() => void)[] = [];
  private handler: ((payload: string) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.read(chunk));
  }

  static async open(): Promise<NatsConnection> {
    const socket = connect(Number(NATS_PORT), NATS_HOST);
    socket.setNoDelay(true);
    await once(socket, 'connect'); // rejects with the socket's error (no server: ECONNREFUSED)
    const connection = new NatsConnection(socket);
    socket.write('CONNECT {"verbose":false,"pedantic":false,"name":"tick-bus-bench"}\r\n');
    await connection.flush();
    return connection;
  }

  subscribe(subject: string, handler: (payload: string) => void): Promise<void> {
    this.handler = handler;
    this.socket.write(`SUB ${subject} 1\r\n`);
    return this.flush();
  }

  /** One PUB for each payload, all in one write. */
  publishAll(subject: string, payloads: string[]): void {
    this.socket.write(
      payloads.map((payload) => `PUB ${subject} ${Buffer.byteLength(payload)}\r\n${payload}\r\n`).join(''),
    );
  }

  /** Resolves once the server has read everything sent before it (PING answered by PONG). */
  flush(): Promise<void> {
    return new Promise((resolve) => {
      this.pongs.push(resolve);
      this.socket.write('PING\r\n');
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let at = 0;
    for (;;) {
      const end = this.buffer.indexOf('\r\n', at);
      if (end < 0) break;
      const line = this.buffer.toString('latin1', at, end);
      if (line.startsWith('MSG ')) {
        // MSG <subject> <sid> [reply-to] <#bytes>
        const size = Number(line.slice(line.lastIndexOf(' ') + 1));
        if (this.buffer.length < end + 2 + size + 2) break;
        this.handler?.(this.buffer.toString('utf8', end + 2, end + 2 + size));
        at = end + 2 + size + 2;
        continue;
      }
      at = end + 2;
      if (line === 'PING') this.socket.write('PONG\r\n');
      else if (line === 'PONG') this.pongs.shift()?.();
      else if (line.startsWith('-ERR')) throw new Error(`NATS: ${line}`);
    }
    this.buffer = this.buffer.subarray(at);
  }
}

// ---------------------------------------------------------------------------------------------
// The two buses, as the publisher and a subscriber use them.

interface Publisher {
  /** Sends the ticks due at one turn of the publisher's loop; resolves once they have left for the bus. */
  sendAll(payloads: string[]): Promise<void>;
  /** Resolves once the bus has everything sent before. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Subscription {
  /** Ends the connection abruptly and opens a new one; resolves once it listens again. */
  reconnect(): Promise<void>;
  close(): Promise<void>;
}

/** At most this many bytes in one NOTIFY of the batched variant (PostgreSQL's limit is 8,000). */
const BATCH_BYTES = 7_900;

/** The payloads in JSON arrays of at most BATCH_BYTES each. */
function batches(payloads: string[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const payload of payloads) {
    const size = Buffer.byteLength(payload) + 1;
    if (batch.length > 0 && bytes + size > BATCH_BYTES) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(payload);
    bytes += size;
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}

async function openPublisher(transport: Transport): Promise<Publisher> {
  if (transport === 'nats') {
    const nats = await NatsConnection.open();
    return {
      sendAll: (payloads) => {
        nats.publishAll(CHANNEL, payloads);
        return Promise.resolve();
      },
      flush: () => nats.flush(),
      close: () => Promise.resolve(nats.close()),
    };
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  return {
    async sendAll(payloads) {
      for (const payload of transport === 'postgres-batched' ? batches(payloads) : payloads)
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    flush: () => Promise.resolve(),
    close: () => client.end(),
  };
}

async function subscribe(transport: Transport, onTick: (payload: string) => void): Promise<Subscription> {
  if (transport === 'nats') {
    let nats = await NatsConnection.open();
    await nats.subscribe(CHANNEL, onTick);
    return {
      async reconnect() {
        nats.close();
        nats = await NatsConnection.open();
        await nats.subscribe(CHANNEL, onTick);
      },
      close: () => Promise.resolve(nats.close()),
    };
  }
  const listen = async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    client.on('notification', (message) => onTick(message.payload ?? ''));
    client.on('error', () => undefined);
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    return client;
  };
  let client = await listen();
  return {
    async reconnect() {
      // The server ends the session, and its LISTEN with it, as when a connection drops.
      await client.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
      client = await listen();
    },
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// A subscriber process: counts and times the ticks of each step, answers when asked.

async function runSubscriber(transport: Transport): Promise<void> {
  const send = (message: ToPublisher) => process.send?.(message);
  let step = -1;
  let latencies: number[] = [];
  let received = 0;
  let lastSeq = -1;
  let outOfOrder = 0;
  let lastTickAt = 0;
  let gapMs: number | undefined;
  const subscription = await subscribe(transport, (payload) => {
    const at = now();
    type Tick = { step: number; seq: number; sentAt: number };
    const parsed = JSON.parse(payload) as Tick | Tick[];
    for (const tick of Array.isArray(parsed) ? parsed : [parsed]) {
      if (tick.step !== step) continue;
      latencies.push(at - tick.sentAt);
      received++;
      if (tick.seq < lastSeq) outOfOrder++;
      lastSeq = tick.seq;
      lastTickAt = at;
    }
  });
  process.on('message', (message: ToSubscriber) => {
    if (message.kind === 'step') {
      step = message.step;
      latencies = [];
      received = 0;
      lastSeq = -1;
      outOfOrder = 0;
      gapMs = undefined;
    } else if (message.kind === 'drop') {
      const from = now();
      void subscription.reconnect().then(() => {
        gapMs = now() - from;
      });
    } else void report(message.sent);
  });

  async function report(sent: number): Promise<void> {
    lastTickAt = now();
    while (received < sent && now() - lastTickAt < QUIET_MS)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const sorted = Float64Array.from(latencies).sort();
    send({
      kind: 'report',
      received,
      outOfOrder,
      latencies: [...sorted],
      ...(gapMs === undefined ? {} : { gapMs }),
    });
  }

  process.on('disconnect', () => void subscription.close().finally(() => process.exit(0)));
  send({ kind: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// The publisher: the steps, the subscribers' reports, the table.

function tickOf(step: number, seq: number): string {
  const time = Date.now();
  // A PriceEvent (hub-protocol.ts) with the bench's own step, sequence number and send time.
  return JSON.stringify({
    market: 'GOLD',
    kind: 'move',
    price: 2345.67 + (seq % 100) / 100,
    time,
    sourceTime: time - 60_000,
    step,
    seq,
    sentAt: now(),
  });
}

async function startSubscribers(transport: Transport, count: number): Promise<ChildProcess[]> {
  const children = Array.from({ length: count }, () =>
    fork(fileURLToPath(import.meta.url), ['--subscriber', transport], { execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(children.map((child) => once(child, 'message')));
  return children;
}

function reportOf(child: ChildProcess, sent: number): Promise<StepReport> {
  const answer = once(child, 'message').then(([message]) => message as StepReport);
  child.send({ kind: 'report', sent } satisfies ToSubscriber);
  return answer;
}

interface StepResult {
  rate: number;
  reached: number;
  sent: number;
  lost: number;
  outOfOrder: number;
  p50: number;
  p99: number;
  max: number;
  gapMs?: number;
}

async function runStep(
  publisher: Publisher,
  children: ChildProcess[],
  step: number,
  rate: number,
  ms: number,
  dropAtMs?: number,
): Promise<StepResult> {
  for (const child of children) child.send({ kind: 'step', step } satisfies ToSubscriber);
  await new Promise((resolve) => setTimeout(resolve, 100)); // the children have read the step
  const total = Math.round((ms / 1000) * rate);
  const started = performance.now();
  let sent = 0;
  let dropped = dropAtMs === undefined;
  while (sent < total) {
    const elapsed = performance.now() - started;
    if (elapsed > ms * 2) break; // far behind: the step is not sustained, whatever the rest would do
    if (!dropped && elapsed >= (dropAtMs ?? 0)) {
      children[0]?.send({ kind: 'drop' } satisfies ToSubscriber);
      dropped = true;
    }
    // The ticks due by now, all of them: a late turn of the loop sends what it owes at once.
    const due = Math.min(total, Math.floor((elapsed / 1000) * rate) + 1);
    const ticks: string[] = [];
    while (sent < due) ticks.push(tickOf(step, sent++));
    await publisher.sendAll(ticks);
    if (sent < total) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const seconds = Math.max(performance.now() - started, ms) / 1000;
  await publisher.flush();
  const reports = await Promise.all(children.map((child) => reportOf(child, sent)));
  const all = reports.flatMap((report) => report.latencies).sort((a, b) => a - b);
  return {
    rate,
    reached: sent / seconds,
    sent,
    lost: reports.reduce((total, report) => total + sent - report.received, 0),
    outOfOrder: reports.reduce((total, report) => total + report.outOfOrder, 0),
    p50: quantileOf(all, 0.5),
    p99: quantileOf(all, 0.99),
    max: all.at(-1) ?? Number.NaN,
    ...(reports[0]?.gapMs === undefined ? {} : { gapMs: reports[0].gapMs }),
  };
}

const sustained = (result: StepResult) =>
  result.reached >= result.rate * 0.95 && result.lost === 0 && result.p50 < P50_LIMIT_MS;

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const line = (result: StepResult) =>
  `${String(result.rate).padStart(7)}/s  reached ${result.reached.toFixed(0).padStart(6)}/s  ` +
  `p50 ${ms(result.p50)} ms  p99 ${ms(result.p99)} ms  max ${ms(result.max)} ms  ` +
  `lost ${result.lost} of ${result.sent}${result.outOfOrder > 0 ? `  out of order ${result.outOfOrder}` : ''}`;

async function natsAnswers(): Promise<boolean> {
  try {
    (await NatsConnection.open()).close();
    return true;
  } catch {
    return false;
  }
}

/** How late a bare 10 ms timer fires in this process now (p99, max): the machine's own noise. */
async function timerLateness(): Promise<{ p99: number; max: number }> {
  const late: number[] = [];
  const until = performance.now() + 1_000;
  while (performance.now() < until) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    late.push(performance.now() - asked - 10);
  }
  late.sort((a, b) => a - b);
  return { p99: quantileOf(late, 0.99), max: late.at(-1) ?? Number.NaN };
}

async function runPublisher(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 3);
  const transports = (process.argv[3] ?? 'postgres,postgres-batched,nats').split(',') as Transport[];
  const counts = (process.argv[4] ?? '1,2,4').split(',').map(Number);
  console.log(
    `tick bus: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}, ${seconds} s a step, Node ${process.version}`,
  );
  const lateness = await timerLateness();
  console.log(
    `a tick: ${Buffer.byteLength(tickOf(0, 123_456))} bytes of JSON; a bare 10 ms timer fires ` +
      `${ms(lateness.p99)} ms late at the p99, ${ms(lateness.max)} ms at most`,
  );
  let step = 0;
  for (const transport of transports) {
    if (transport === 'nats' && !(await natsAnswers())) {
      console.log(`\nnats: no server at ${NATS_HOST}:${NATS_PORT}, skipped`);
      continue;
    }
    for (const count of counts) {
      console.log(`\n${transport}, ${count} subscriber${count > 1 ? 's' : ''} (processes of their own)`);
      const children = await startSubscribers(transport, count);
      const publisher = await openPublisher(transport);
      let best = 0;
      for (const rate of RATES) {
        const result = await runStep(publisher, children, step++, rate, seconds * 1000);
        console.log(`  ${line(result)}`);
        if (!sustained(result)) break;
        best = rate;
      }
      console.log(`  highest rate sustained (rate kept, nothing lost, p50 < ${P50_LIMIT_MS} ms): ${best}/s`);
      const drop = await runStep(
        publisher,
        children,
        step++,
        REPLAY_600X,
        seconds * 1000,
        (seconds * 1000) / 2,
      );
      console.log(
        `  a subscriber's connection dropped and opened again at ${REPLAY_600X}/s: down ${ms(drop.gapMs ?? Number.NaN)} ms, ` +
          `${drop.lost} tick${drop.lost === 1 ? '' : 's'} lost (never sent again)`,
      );
      await publisher.close();
      for (const child of children) child.disconnect();
      await Promise.all(children.map((child) => once(child, 'exit')));
    }
  }
}

if (process.argv[2] === '--subscriber') await runSubscriber(process.argv[3] as Transport);
else await runPublisher();
