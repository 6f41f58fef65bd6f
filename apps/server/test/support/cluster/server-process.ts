// A server process of some roles (ROLES) as a deployment runs it: main.ts through tsx, with its
// own DATA_DIR (its pm2 home), on the test's PostgreSQL. The test reads its JSON log lines, waits
// for one, stops it as a process manager would (SIGTERM) or kills it (SIGKILL); what a killed one
// may leave behind (pm2's daemon, which its first orphaned bot stops) is ended when the test ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { until } from '../capital/live-bots';

const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

export interface ServerProcess {
  name: string;
  pid: number;
  dataDir: string;
  /** Every JSON line it wrote so far, parsed. */
  lines: Record<string, unknown>[];
  /** Resolves with the first line (so far or to come) whose msg is this. */
  logged(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  kill(): void;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

export async function startServerProcess(
  name: string,
  environment: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), `server-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      DEMO_DATA: '0',
      // Every process serves at least its probes and /metrics: on a free port unless told.
      PORT: '0',
      HOST: '127.0.0.1',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A line that is not JSON (pm2's notes) says nothing the test reads.
      }
    }
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));

  const process_: ServerProcess = {
    name,
    pid: child.pid ?? 0,
    dataDir,
    lines,
    exited,
    logged: (message, timeoutMs = 60_000) =>
      until(
        `${name} to log "${message}"${alive ? '' : ` (it exited: ${stderr})`}`,
        () => {
          if (!alive) throw new Error(`${name} exited before "${message}": ${stderr}`);
          return lines.find((line) => line.msg === message);
        },
        timeoutMs,
      ),
    kill: () => {
      if (alive) child.kill('SIGKILL');
    },
    async stop() {
      if (alive) child.kill('SIGTERM');
      await exited;
    },
  };
  onTestFinished(async () => {
    await process_.stop();
    await endPm2Daemon(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  });
  return process_;
}

/** pm2's daemon of a process that was killed outlives it: ended with its bots. */
async function endPm2Daemon(dataDir: string): Promise<void> {
  const pid = Number(await readFile(join(dataDir, 'pm2', 'pm2.pid'), 'utf8').catch(() => ''));
  if (!pid) return;
  try {
    // Its process group: the daemon and the bots it started.
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
