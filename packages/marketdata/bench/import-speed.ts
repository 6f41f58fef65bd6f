/**
 * Import speed and memory on a large file: repeats a real HistData file (the densest format, about
 * 66 bytes per bar) with shifted times into a temporary CSV, streams it through importCsv and
 * prints MB/s and peak RSS. The file is written by a child process, so the generator's leftovers
 * do not count, and read from the page cache right after being written, so this measures
 * parsing, not the disk.
 *
 *   npx tsx packages/marketdata/bench/import-speed.ts [megabytes=600] [source.csv]
 *
 * The source is by default the real GOLD file of the first half of 2019 (fixtures/real-bars).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { GOLD_2019_H1, openRealFile } from '../../../fixtures/real-bars/real-bars';
import { type BarColumns, importCsv } from '../src/index';
import { writeLines } from './write-lines';

/** The default source, by its name in the collection of real files. */
const DEFAULT_SOURCE = GOLD_2019_H1;
const EST_MS = 5 * 3_600_000;
const WEEK_MS = 7 * 86_400_000;

if (process.argv[2] === '--write-csv') {
  await writeRepeated(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
  process.exit(0);
}

const targetMb = Number(process.argv[2] ?? 600);
const source = process.argv[3];
if (source !== undefined && !existsSync(source)) {
  console.error(`Source file not found: ${source} (pass one as the second argument).`);
  process.exit(1);
}

const dir = await mkdtemp(join(tmpdir(), 'marketdata-bench-'));
const big = join(dir, 'big.csv');
try {
  const self = fileURLToPath(import.meta.url);
  execFileSync(
    process.execPath,
    [...process.execArgv, self, '--write-csv', source ?? DEFAULT_SOURCE, big, String(targetMb * 1024 * 1024)],
    {
      stdio: 'inherit',
    },
  );
  const bytes = (await stat(big)).size;

  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const { bars, report } = await importCsv(createReadStream(big, { highWaterMark: 1 << 20 }), {
    timeframe: '1m',
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const mb = bytes / 1024 / 1024;
  console.log(
    `file          ${mb.toFixed(0)} MB, ${report.imported.toLocaleString('en')} bars (${report.format})`,
  );
  console.log(`time          ${seconds.toFixed(2)} s`);
  console.log(`speed         ${(mb / seconds).toFixed(1)} MB/s`);
  console.log(`RSS before    ${(rssBefore / 1024 / 1024).toFixed(0)} MB (the runtime)`);
  console.log(`peak RSS      ${(peakRss / 1024 / 1024).toFixed(0)} MB sampled every 10 ms`);
  console.log(`max RSS       ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB for the whole process`);
  console.log(
    `bars alone    ${(bars.byteLength() / 1024 / 1024).toFixed(0)} MB held (${((report.imported * 40) / 1024 / 1024).toFixed(0)} MB as Float64 columns)`,
  );
  console.log(`cpus          ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

/** Writes the source's bars again and again, each copy a whole number of weeks later, as HistData rows. */
async function writeRepeated(from: string, to: string, targetBytes: number): Promise<void> {
  const input: Readable = from === DEFAULT_SOURCE ? openRealFile(from) : createReadStream(from);
  const bars = (await importCsv(input, { timeframe: '1m' })).bars.toColumns();
  await writeLines(to, histDataRows(bars), targetBytes);
}

function* histDataRows(bars: BarColumns): Generator<string> {
  const n = bars.t.length;
  const shift = Math.ceil((bars.t[n - 1]! - bars.t[0]! + 1) / WEEK_MS) * WEEK_MS;
  for (let copy = 0; ; copy++) {
    for (let i = 0; i < n; i++) {
      const est = new Date(bars.t[i]! + copy * shift - EST_MS).toISOString();
      const time = `${est.slice(0, 4)}${est.slice(5, 7)}${est.slice(8, 10)} ${est.slice(11, 13)}${est.slice(14, 16)}00`;
      yield `${time};${bars.o[i]!.toFixed(6)};${bars.h[i]!.toFixed(6)};${bars.l[i]!.toFixed(6)};${bars.c[i]!.toFixed(6)};0\n`;
    }
  }
}
