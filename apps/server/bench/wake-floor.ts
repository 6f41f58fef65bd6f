/**
 * The floor under the bots' decision latency on this machine: how late a line reaches Node
 * processes that all receive it at once, when each does nothing but read it. With one process
 * per bot, a price that moves K bots wakes K processes together, and the last of them runs once
 * the cores have run the others; no bot can decide sooner than this.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { quantileOf } from './support/quantile';

/** Each process answers every line with how long after its stamp it read it (ms). */
const LISTENER = `
const socket = require('node:net').connect(Number(process.argv[1]), '127.0.0.1');
socket.setNoDelay(true);
require('node:readline').createInterface({ input: socket }).on('line', (line) => {
  socket.write(String(Date.now() - JSON.parse(line).at) + '\\n');
});
`;
const ROUNDS = 60;
/** Before the first round: the processes that ran before (the bots) have gone, these have settled. */
const SETTLE_MS = 3000;
const PAUSE_MS = 250;

export interface WakeFloor {
  woken: number;
  p50: number;
  p99: number;
}

/** Starts `processes` listeners, wakes `woken` of them at once ROUNDS times for each count, and stops them. */
export async function measureWakeFloor(processes: number, woken: readonly number[]): Promise<WakeFloor[]> {
  const sockets: Socket[] = [];
  const delays: number[] = [];
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
    createInterface({ input: socket }).on('line', (line) => delays.push(Number(line)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const children: ChildProcess[] = [];
  try {
    for (let index = 0; index < processes; index++)
      children.push(spawn(process.execPath, ['-e', LISTENER, String(port)], { stdio: 'ignore' }));
    while (sockets.length < processes) await pause(100);
    await pause(SETTLE_MS);
    const floors: WakeFloor[] = [];
    for (const count of woken) {
      delays.length = 0;
      for (let round = 0; round < ROUNDS; round++) {
        await pause(PAUSE_MS);
        const line = `${JSON.stringify({ at: Date.now() })}\n`;
        // A different set each round, as different prices move different bots.
        for (let index = 0; index < Math.min(count, processes); index++)
          (sockets[(index * 7 + round * 13) % processes] as Socket).write(line);
      }
      await pause(PAUSE_MS);
      delays.sort((a, b) => a - b);
      floors.push({ woken: count, p50: quantileOf(delays, 0.5), p99: quantileOf(delays, 0.99) });
    }
    return floors;
  } finally {
    for (const child of children) child.kill();
    server.close();
    for (const socket of sockets) socket.destroy();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
