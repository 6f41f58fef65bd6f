import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processRuns } from '../../../src/lib/process-runs';
import type { ServerProcess } from './server-process';

/** The pids of the bots a host's pm2 runs now (its pid files whose process is alive). */
export async function botPids(host: ServerProcess): Promise<number[]> {
  const folder = join(host.dataDir, 'pm2', 'pids');
  const files = await readdir(folder).catch(() => []);
  const pids = await Promise.all(
    files.map(async (file) => Number(await readFile(join(folder, file), 'utf8'))),
  );
  return pids.filter(processRuns);
}
