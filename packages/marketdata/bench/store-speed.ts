/**
 * Bar store speed on a set the size of GOLD's 1m history of the product span (2008-11-26 to
 * 2025-07-02, about 6.3 million bars): the time to write it, to read it back (from the page cache,
 * right after writing: this measures the store, not the disk) and to merge an overlapping year
 * into it, with the memory a read takes. The upload through the HTTP route is measured by
 * apps/server/bench/upload-speed.ts.
 *
 *   npx tsx packages/marketdata/bench/store-speed.ts [reads=5]
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BarStore, syntheticBars } from '../src/index';

const reads = Number(process.argv[2] ?? 5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

const dir = await mkdtemp(join(tmpdir(), 'store-bench-'));
try {
  let started = performance.now();
  // A year longer than the span: the synthetic calendar (with GOLD's daily break) is a little sparser than the real one.
  const history = syntheticBars('GOLD', Date.UTC(2007, 10, 26), Date.UTC(2025, 6, 3));
  const rows = history.t.length;
  console.log(
    `generated     ${rows.toLocaleString('en')} synthetic GOLD 1m bars in ${seconds(performance.now() - started)}`,
  );

  const store = new BarStore(dir);
  started = performance.now();
  await store.merge('GOLD', '1m', history);
  const size = (await stat(join(dir, 'GOLD-1m.arrow'))).size;
  console.log(
    `first write   ${seconds(performance.now() - started)} (${mb(size)} file, ${(size / rows).toFixed(1)} bytes per bar)`,
  );

  const times: number[] = [];
  let heldBytes = 0;
  for (let k = 0; k < reads; k++) {
    started = performance.now();
    const bars = await store.read('GOLD', '1m');
    times.push(performance.now() - started);
    if (bars?.t.length !== rows) throw new Error('read back a different set');
    // The five columns are views of the one buffer the file was read into: that buffer is all a read holds.
    const buffers = new Set([bars.t.buffer, bars.o.buffer, bars.h.buffer, bars.l.buffer, bars.c.buffer]);
    heldBytes = [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `read          best ${seconds(times[0]!)}, median ${seconds(times[Math.floor(times.length / 2)]!)} over ${reads} reads`,
  );
  console.log(
    `read memory   ${mb(heldBytes)} of array buffers held per read (${(heldBytes / rows).toFixed(1)} bytes per bar)`,
  );

  // A year uploaded again over the stored history: the merge reads, interleaves and rewrites all.
  const year = syntheticBars('GOLD', Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1));
  started = performance.now();
  const merged = await store.merge('GOLD', '1m', year);
  console.log(
    `merge a year  ${seconds(performance.now() - started)} (${year.t.length.toLocaleString('en')} bars in, ${merged.rows.toLocaleString('en')} stored)`,
  );

  console.log(`max RSS       ${mb(process.resourceUsage().maxRSS * 1024)} for the whole process`);
  console.log(`cpus          ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
