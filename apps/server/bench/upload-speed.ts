/**
 * Upload speed and memory through the real route: the server listens on 127.0.0.1 (PGlite in
 * memory, the bar store in a temporary folder), and a large generated MetaTrader CSV is sent from
 * disk as a streamed multipart body, as a browser would. Prints MB/s and the process's peak RSS
 * (server and client share the process; the client only streams from disk; the file is generated
 * by a child process, so its leftovers do not count). The file is read from
 * the page cache right after being written, so this measures the server, not the disk. The second
 * upload sends the same file again, so it merges over a set of the same size.
 *
 *   npx tsx apps/server/bench/upload-speed.ts [megabytes=600]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/bench/upload-speed.ts
 */
import { requestOf, urlOf } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { openDatabase, seedReferenceData } from '@platform/db';
import { syntheticBars } from '@platform/marketdata';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import type { Mailer } from '../src/lib/mailer';
// The batched file writer lives with the marketdata benches; a bench helper, not part of the package's API.
import { writeLines } from '../../../packages/marketdata/bench/write-lines';
import { BENCH_PASSWORD, insertBenchAdmin } from './support/bench-admin';

const YEAR = 365 * 86_400_000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

if (process.argv[2] === '--write-csv') {
  await writeCsv(process.argv[3]!, Number(process.argv[4]));
  process.exit(0);
}

const targetMb = Number(process.argv[2] ?? 600);

const dir = await mkdtemp(join(tmpdir(), 'upload-bench-'));
// PGlite alone holds some 650 MB (its WebAssembly memory); on PostgreSQL the RSS shows the upload's own cost.
const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' },
);
try {
  const csv = join(dir, 'GOLD_M1.csv');
  const self = fileURLToPath(import.meta.url);
  execFileSync(
    process.execPath,
    [...process.execArgv, self, '--write-csv', csv, String(targetMb * 1024 * 1024)],
    { stdio: 'inherit' },
  );
  const bytes = (await stat(csv)).size;
  console.log(`file          ${mb(bytes)} MB of MetaTrader 1m rows (synthetic GOLD)`);

  await database.migrate();
  await seedReferenceData(database.db);
  const noMail: Mailer = { send: () => Promise.resolve() };
  const app = await buildApp({
    database,
    mailer: noMail,
    jwtSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
    publicUrl: 'http://127.0.0.1',
    marketDataDir: join(dir, 'marketdata'),
    // The bench's admin signs in with a password alone.
    otpRequiredFor: [],
  });
  const username = await insertBenchAdmin(database.db);
  const login = await app.inject({
    ...requestOf(API.auth.login),
    payload: { username, password: BENCH_PASSWORD },
  });
  const token = login.json<{ data: { jwt: string } }>().data.jwt;
  const algorithm = await app.inject({
    ...requestOf(API.algorithms.add),
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Grid Gold', description: 'Bench', minCapital: 1000, market: 'GOLD' },
  });
  const algorithmId = algorithm.json<{ data?: { _id: string } }>().data?._id;
  if (!algorithmId) throw new Error(`algorithm not created: ${algorithm.body}`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const base = process.memoryUsage();
  console.log(
    `server ready  RSS ${mb(base.rss)} MB on ${database.kind} (heap ${mb(base.heapUsed)} MB, external ${mb(base.external)} MB)`,
  );
  for (const label of ['into an empty set', 'over the same set']) {
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const answer = await post(port, token, algorithmId, csv, bytes);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const result = JSON.parse(answer) as {
      ok: boolean;
      error?: string;
      data?: { imported: number; storedRows: number };
    };
    if (!result.ok) throw new Error(`upload refused: ${result.error}`);
    console.log(`upload ${label}`);
    console.log(`  time        ${seconds.toFixed(2)} s, ${(bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s`);
    console.log(
      `  bars        ${result.data?.imported.toLocaleString('en')} imported, ${result.data?.storedRows.toLocaleString('en')} stored`,
    );
    console.log(`  RSS         ${mb(rssBefore)} MB before, peak ${mb(peakRss)} MB (sampled every 10 ms)`);
  }
  console.log(`max RSS       ${mb(process.resourceUsage().maxRSS * 1024)} MB for the whole process`);
  console.log(`cpus          ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
  await app.close();
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}

/** Synthetic GOLD bars, one year after another, as MetaTrader rows, as many as fit in the size. */
async function writeCsv(path: string, targetBytes: number): Promise<void> {
  await writeLines(path, metaTraderRows(), targetBytes);
}

function* metaTraderRows(): Generator<string> {
  for (let start = Date.UTC(1990, 0, 1); ; start += YEAR) {
    const year = syntheticBars('GOLD', start, start + YEAR);
    for (let i = 0; i < year.t.length; i++) {
      const iso = new Date(year.t[i]!).toISOString();
      yield `${iso.slice(0, 4)}.${iso.slice(5, 7)}.${iso.slice(8, 10)},${iso.slice(11, 16)},${year.o[i]!.toFixed(2)},${year.h[i]!.toFixed(2)},${year.l[i]!.toFixed(2)},${year.c[i]!.toFixed(2)},0\n`;
    }
  }
}

/** The multipart body streamed from disk: the fields first, then the file, with a declared length. */
async function post(
  port: number,
  token: string,
  algorithmId: string,
  file: string,
  fileBytes: number,
): Promise<string> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="algorithmId"\r\n\r\n${algorithmId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="timeframe"\r\n\r\n1m\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="GOLD_M1.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const req = request({
    host: '127.0.0.1',
    port,
    method: API.marketdata.upload.method,
    path: urlOf(API.marketdata.upload),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + fileBytes + Buffer.byteLength(tail),
    },
  });
  const answer = new Promise<string>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
  req.write(head);
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    if (!req.write(chunk)) await once(req, 'drain');
  }
  req.end(tail);
  return answer;
}
