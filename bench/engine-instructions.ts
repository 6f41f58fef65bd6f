/**
 * Instructions the engine's compiled JavaScript executes for the default GOLD sweep over three
 * months of synthetic bars, per function. Wall times on this virtual machine vary by up to 40%
 * from one minute to the next; instruction counts repeat to the last digit, so a change to the
 * engine is judged here first. Runs the sweep, bundled by esbuild, under valgrind
 * (callgrind), with V8 writing where each compiled function lies (--perf-basic-prof); inlined
 * functions count in their caller.
 *
 *   npx tsx bench/engine-instructions.ts [repeats=3]
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_V8_FLAGS } from '../apps/server/src/engine-pool/thread-pool-executor';

const repeats = Number(process.argv[2] ?? 3);
const folder = mkdtempSync(join(tmpdir(), 'engine-instructions-'));
try {
  const output = join(folder, 'callgrind.out');
  const bundle = join(folder, 'workload.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./engine-instructions-workload.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    // Names kept by wrapping functions would hide them from V8: it names a function after its binding.
    keepNames: false,
    logLevel: 'error',
  });
  const perfMaps = () => readdirSync('/tmp').filter((name) => /^perf-\d+\.map$/.test(name));
  const before = new Set(perfMaps());
  execFileSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--dump-instr=yes',
      `--callgrind-out-file=${output}`,
      process.execPath,
      '--single-threaded',
      '--perf-basic-prof',
      '--no-compact-code-space',
      // As the server's engine threads run it.
      ...ENGINE_V8_FLAGS,
      bundle,
      String(repeats),
    ],
    // valgrind's own report goes to stderr: shown only when it fails.
    // (and V8's code log lands in the folder, removed with it).
    { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const perfMap = perfMaps().find((name) => !before.has(name));
  if (!perfMap) throw new Error('V8 wrote no /tmp/perf-*.map');
  const functions = instructionsPerFunction(
    readFileSync(output, 'utf8'),
    readFileSync(join('/tmp', perfMap), 'utf8'),
  );
  rmSync(join('/tmp', perfMap));
  // esbuild marks where each module starts in the bundle: a function's line says its module.
  const moduleOfLine: string[] = [];
  let module = '';
  for (const line of readFileSync(bundle, 'utf8').split('\n')) {
    module = /^\/\/ (\S+\.ts)$/.exec(line)?.[1] ?? module;
    moduleOfLine.push(module);
  }
  const moduleOf = (name: string) => moduleOfLine[Number(/:(\d+):\d+$/.exec(name)?.[1] ?? 0) - 1] ?? '';
  let engine = 0;
  for (const [name, count] of functions) if (moduleOf(name).includes('packages/engine/')) engine += count;
  console.log(
    `engine, ${repeats} sweeps of 1,323 runs over 3 months: ${(engine / 1e6).toFixed(1)} M instructions`,
  );
  for (const [name, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(
      `${(count / 1e6).toFixed(1).padStart(9)} M  ${name.split(' ')[0]} (${moduleOf(name) || 'node'})`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

function isNamed(entry: string): boolean {
  return !entry.startsWith('JS:* ') && !entry.startsWith('JS:~ ');
}

/** Callgrind's self cost per instruction address, summed over the code ranges of V8's perf map. */
function instructionsPerFunction(callgrind: string, perfMap: string): Map<string, number> {
  const ranges = perfMap
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start = '0', size = '0', ...name] = line.split(' ');
      return {
        start: parseInt(start, 16),
        end: parseInt(start, 16) + parseInt(size, 16),
        name: name.join(' '),
      };
    })
    // V8 reuses the room of code it dropped: where entries share a start, a named function's
    // (the engine's are all named) is taken over an anonymous one's.
    .sort((a, b) => a.start - b.start || Number(isNamed(a.name)) - Number(isNamed(b.name)));
  const functionAt = (address: number) => {
    let low = 0;
    let high = ranges.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((ranges[middle]?.start ?? 0) <= address) low = middle + 1;
      else high = middle;
    }
    const range = ranges[low - 1];
    return range && address < range.end ? range.name : undefined;
  };
  const totals = new Map<string, number>();
  const value = (text: string) => (text.startsWith('0x') ? parseInt(text, 16) : Number(text));
  let address = 0;
  let afterCall = false;
  for (const line of callgrind.split('\n')) {
    if (line.startsWith('calls=')) {
      afterCall = true; // the next cost line is the callee's, not this instruction's own
      continue;
    }
    if (!/^(0x|[+\-*])/.test(line)) continue;
    const [position = '*', , cost] = line.split(' ');
    if (position.startsWith('0x')) address = parseInt(position, 16);
    else if (position.startsWith('+')) address += value(position.slice(1));
    else if (position.startsWith('-')) address -= value(position.slice(1));
    if (afterCall) {
      afterCall = false;
      continue;
    }
    const name = cost === undefined ? undefined : functionAt(address);
    if (name) totals.set(name, (totals.get(name) ?? 0) + Number(cost));
  }
  return totals;
}
