/**
 * A result row's equity curve through the HTTP API (issue 36, point 1; target ≤ 0.3 s for a
 * whole-span GOLD row): request → answer parsed, on a server that listens on 127.0.0.1 with its
 * engine on worker threads, as `npm start` runs it. The stored history is support/whole-span-gold.ts's: the
 * deterministic demo generator's GOLD 1m bars over the whole product span (2008-11-26 to
 * 2025-07-02, about 6 M bars) outside the spans of the real GOLD files, which are uploaded through
 * the upload route, with the real EURUSD daily closes as the fx source.
 *
 * A single backtest and the default range sweep over the whole span run first, as a customer
 * runs them before opening a row's curve; the curves then find the bars those prepared (the
 * prepared-bars cache). Rows measured: the single (default grid 1 / 0.5 / 30 / 50), and of the
 * sweep the tightest grid (0.01 / 0.005 / 10 / 10, the most cycles: the slowest row), a middle one
 * and a wide one. Then once more after an EURUSD upload, which drops the prepared bars: the curve
 * then prepares them itself (the cold case). Each line prints the median of the repeats and
 * every time, the engine's own share (computeMs of the answer), and the event loop's longest
 * stall meanwhile.
 *
 *   npx tsx apps/server/bench/equity-curve-speed.ts [repeats=5]
 */
import { PERIOD_FIRST_DAY, PERIOD_LAST_DAY, type Backtest, type BacktestConfig } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { openDatabase, seedReferenceData } from '@platform/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createThreadPoolExecutor } from '../src/engine-pool/thread-pool-executor';
import { startBenchApi } from './support/bench-api';
import { REAL_UPLOADS, storeSyntheticGold, uploadForm, type RealUpload } from './support/whole-span-gold';

const repeats = Number(process.argv[2] ?? 5);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const sleep = (wait: number) => new Promise<void>((resolve) => setTimeout(resolve, wait));

const dir = await mkdtemp(join(tmpdir(), 'curve-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'db') });
const marketDataDir = join(dir, 'marketdata');
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const synthetic = await storeSyntheticGold(database, marketDataDir);

  const executor = createThreadPoolExecutor({
    workerFile: fileURLToPath(new URL('../src/engine-pool/engine-worker.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  });
  const { app, call, token, algorithms } = await startBenchApi({
    database,
    marketDataDir,
    executor: executor,
  });
  const upload = async (file: RealUpload) => {
    await call(API.marketdata.upload, { body: uploadForm(file, algorithms.get(file.market) ?? '') }, token);
  };
  for (const file of REAL_UPLOADS) await upload(file);
  app.services.jobRunner.start();

  const common = {
    capital: 10_000,
    accountType: 'retail',
    leverage: 20,
    market: 'GOLD',
    worst: 300,
    safeWorst: 400,
    from: PERIOD_FIRST_DAY,
    to: PERIOD_LAST_DAY,
  } as const;
  const finished = async (config: BacktestConfig): Promise<Backtest> => {
    const { _id: id } = await call(API.backtests.create, { body: { config } }, token);
    for (;;) {
      const backtest = await call(API.backtests.get, { params: { id } }, token);
      if (backtest.isCompleted === 2) return backtest;
      if (backtest.isCompleted === 3) throw new Error(`backtest failed: ${backtest.error}`);
      await sleep(100);
    }
  };
  console.log(
    `GOLD 1m ${PERIOD_FIRST_DAY}..${PERIOD_LAST_DAY}: ${synthetic.toLocaleString('en')} synthetic bars plus the real 2019 and May 2025 files; ` +
      `load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`,
  );
  const single = await finished({ ...common, type: 'single' });
  const range = await finished({
    ...common,
    type: 'range',
    algorithm: algorithms.get('GOLD') ?? '',
    dynamic: false,
    close: true,
  });

  /** One curve through the API: request sent to answer parsed. */
  const curve = async (backtest: Backtest, row: number) => {
    const started = performance.now();
    const data = await call(API.equityCurve.curve, { params: { id: backtest._id, row } }, token);
    const elapsed = performance.now() - started;
    const result = backtest.results[row];
    if (!result || Math.abs(data.finalBalance - (backtest.capital + result.profit)) > 0.005)
      throw new Error(`row ${row}: the curve does not end at the row's balance`);
    return { elapsed, engine: data.computeMs, trades: data.trades, points: data.points.time.length };
  };
  const measure = async (label: string, backtest: Backtest, row: number, times: number) => {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const runs = [];
    for (let run = 0; run < times; run++) runs.push(await curve(backtest, row));
    loop.disable();
    const result = backtest.results[row]!;
    const grid = `${result.size}/${result.addizionale}/${result.mediazione}/${result.target}`;
    const all = times > 1 ? ` (${runs.map((run) => ms(run.elapsed)).join(', ')})` : '';
    console.log(`${label.padEnd(40)} ${ms(median(runs.map((run) => run.elapsed)))}${all}`);
    console.log(
      `${''.padEnd(40)} grid ${grid}, ${runs[0]?.trades.toLocaleString('en')} cycles, ${runs[0]?.points} points; ` +
        `engine ${ms(median(runs.map((run) => run.engine)))}; event loop stalled at most ${(loop.max / 1e6).toFixed(1)} ms`,
    );
  };

  // The engine threads' compiler tunes the walk on its first curves.
  for (let run = 0; run < 3; run++) await curve(range, 700);
  await measure('single, whole span (target 0.3 s)', single, 0, repeats);
  await measure('range row 0, whole span (tightest)', range, 0, repeats);
  await measure('range row 700, whole span', range, 700, repeats);
  await measure('range row 1322, whole span (widest)', range, 1322, repeats);
  await upload(REAL_UPLOADS[REAL_UPLOADS.length - 1]!);
  await measure('single, after an EURUSD upload (cold)', single, 0, 1);
  await measure('single, whole span, prepared again', single, 0, repeats);
  await app.close();
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
