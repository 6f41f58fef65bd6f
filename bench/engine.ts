/**
 * Engine figures of issue 4 on GOLD-like synthetic 1m bars over the product span (2008-11-26 to
 * 2025-07-02, the deterministic demo generator): a single run over the whole span, the analysis
 * over the whole span, the default sweep (1,323 runs) over the last two years on worker threads,
 * a single backtest over the whole span as the server runs it (its bars prepared on the threads,
 * then prepared before: the server keeps them between jobs) and — with --full — the sweep over
 * the whole span, likewise. It also checks that the engine answers what
 * the reference simulator answers on samples of these bars. Prints; asserts nothing else.
 *
 *   npx tsx bench/engine.ts [--full]
 */
import {
  analyseMarket,
  DEFAULT_SWEEPS,
  fallbackFx,
  lowerBound,
  prepareBars,
  runPrepared,
  shareBars,
  sliceBars,
  sweepParams,
  type Bars,
  type GridParams,
} from '@platform/engine';
import { syntheticBars } from '@platform/marketdata';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createThreadPoolExecutor } from '../apps/server/src/engine-pool/thread-pool-executor';
import { referenceRun } from '../packages/engine/test/reference-simulator';

const GOLD = { point: 0.1, contractSize: 100, spreadPoints: 3 };
const BASE = { worst: 300, safeWorst: 400, capital: 10_000, leverage: 20, dynamic: false, close: true };
const full = process.argv.includes('--full');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function timed<T>(label: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  console.log(`${label.padEnd(48)} ${seconds(performance.now() - started)}`);
  return result;
}
/** Runs the work a few times and prints the median, with every run: this machine's speed varies. */
async function timedRepeats(label: string, repeats: number, work: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < repeats; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(repeats / 2)] as number;
  const runs = repeats > 1 ? ` median (${times.map(seconds).join(', ')})` : '';
  console.log(`${label.padEnd(48)} ${seconds(median)}${runs}`);
}
const between = (bars: Bars, from: string, to: string) =>
  sliceBars(bars, lowerBound(bars.t, Date.parse(from)), lowerBound(bars.t, Date.parse(to) + 86_400_000));

console.log(`cores: ${cpus().length} (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
// On shared memory, as the bar store hands bars to the server.
const span = timed('generate GOLD 1m 2008-11-26..2025-07-02', () =>
  shareBars(syntheticBars('GOLD', Date.parse('2008-11-26T00:00:00Z'), Date.parse('2025-07-03T00:00:00Z'))),
);
console.log(`bars: ${span.t.length.toLocaleString('en')}`);

const single: GridParams = { ...BASE, size: 1, addizionale: 0.5, multiplier: 1, mediazione: 30, target: 50 };
// The figures are those of a server that has run a job before: the JIT has compiled the engine.
const warmUpBars = between(span, '2010-01-01', '2010-03-31');
runPrepared(prepareBars(warmUpBars, GOLD, fallbackFx()), single);
const prepared = timed('prepare bars (whole span)', () => prepareBars(span, GOLD, fallbackFx()));
const singleResult = timed('single run, whole span (target 0.1 s)', () => runPrepared(prepared, single));
console.log(
  `  trades ${singleResult.trades}, stops ${singleResult.stops}, profit ${singleResult.profit.toFixed(2)} EUR`,
);
timed('analysis, whole span (target 1 s)', () => analyseMarket(span, GOLD.point, 30));

const threads = availableParallelism();
const executor = createThreadPoolExecutor({
  workerFile: fileURLToPath(new URL('../apps/server/src/engine-pool/engine-worker.ts', import.meta.url)),
  threads,
  execArgv: ['--import', 'tsx'],
});
const sweep = sweepParams(DEFAULT_SWEEPS.GOLD, BASE);
// Likewise the server's threads are up and have run a sweep before.
await executor.runGrids({ market: 'GOLD', bars: warmUpBars, instrument: GOLD, fx: null, params: sweep });
const twoYears = between(span, '2023-07-03', '2025-07-02');
/** The executor keeps prepared bars between jobs: forgetting them first measures the preparation too. */
const runFresh = (bars: Bars, params: GridParams[]) => {
  executor.pricesChanged('GOLD');
  return executor.runGrids({ market: 'GOLD', bars, instrument: GOLD, fx: null, params });
};
const sweepTwoYears = () => runFresh(twoYears, sweep);
// The threads' compiler still tunes the engine during the first large sweeps: the first one is
// printed apart, the others are what a server that has run a few jobs answers.
await timedRepeats('first 2-year sweep after start', 1, sweepTwoYears);
await timedRepeats(
  `sweep ${sweep.length} runs, 2 years, ${threads} threads (target 0.5 s)`,
  5,
  sweepTwoYears,
);
// What a single backtest over the whole span costs on the server: its bars prepared on the
// threads, then the run.
await timedRepeats('single backtest, whole span, prepared on the threads', 3, () => runFresh(span, [single]));
const runOnPrepared = (params: GridParams[]) =>
  executor.runGrids({ market: 'GOLD', bars: span, instrument: GOLD, fx: null, params });
await timedRepeats('single backtest, whole span, bars prepared before', 3, () => runOnPrepared([single]));
if (full) {
  await timedRepeats(`sweep ${sweep.length} runs, whole span, ${threads} threads (target 3 s)`, 3, () =>
    runFresh(span, sweep),
  );
  await timedRepeats(`sweep, whole span, bars prepared before (target 1 s)`, 3, () => runOnPrepared(sweep));
} else {
  console.log('sweep over the whole span: run with --full');
}
await executor.close();

// The engine against the reference simulator on these bars: every 53rd row of the sweep over a month.
const month = between(span, '2024-03-01', '2024-03-31');
const monthPrepared = prepareBars(month, GOLD, fallbackFx());
let equal = 0;
let checked = 0;
for (let index = 0; index < sweep.length; index += 53) {
  const params = sweep[index] as GridParams;
  const engine = runPrepared(monthPrepared, params);
  const reference = referenceRun(month, params, GOLD, fallbackFx());
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  checked++;
  if (
    engine.trades === reference.trades &&
    engine.stops === reference.stops &&
    (['profit', 'interest', 'requirement', 'maxDrawdown', 'openPnl'] as const).every((field) =>
      close(engine[field], reference[field]),
    )
  ) {
    equal++;
  }
}
console.log(`reference check: ${equal}/${checked} runs equal the reference simulator`);
if (equal !== checked) process.exitCode = 1;
