// Issue 35, point 6, kept true: Lighthouse 12.8.2 on the built app's landing and access screen with
// its default settings (a phone, simulated slow 4G and a 4x slower processor). Performance is the
// median of five runs, as Lighthouse advises for its variance (five rather than three: on a busy
// machine one run in five or so loses 10-20 points to another process), with the largest paint
// under 1.5 s on / and 2 s on /login; accessibility, best practices and SEO are 100 on every run.
// Performance is held to the target, 95, on both pages. All of what a page loses is total
// blocking time, and the blocking time Lighthouse simulates is the observed length of each task
// after the first paint, times four: a task that another process preempts is longer by as much as
// it waits, so the score falls as the machine's load rises. Alone on the machine, as test:all runs
// it (1 Dec., CI's sequence on a clean clone, load 0.3-3): / 99/100/100/100/100 and /login
// 100/100/100/100/98, blocking time 21-156 ms. While other sessions' tests held the 2 cores at a
// load of 6-21 the medians were / 86-99 and /login 90-97, so a run beside other work can fail
// here: the failure prints the machine's load and the audits that lost the points.
// The 4x is Lighthouse's figure for a host of its baseline speed (a benchmark index of about 1,533);
// on a slower host it simulates a slower phone than intended, and Lighthouse warns below an index of
// 1,000. This machine's index moves from day to day (2 Dec.: 1,000-1,080, where / and /login scored
// medians 86-91 and 83-87 at 4x whatever the commit, 1 Dec.'s included). So, as Lighthouse's
// throttling guide advises, the multiplier is calibrated from the host's benchmark index, measured
// by a first run, with the guide's calculator, and never above the default 4x: the same phone on
// any host, and the default wherever the host is as fast as Lighthouse expects.
// The weather comes from a loopback weatherapi.com, as on an install with a key: without one the
// access screen's weather call answers 503 and Chromium logs it, which best practices counts.
// Its own Vitest project, run last by test:all, so that the machine is quiet while it measures.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/browser';
import { startFakeWeatherApi, type FakeWeatherApi } from './support/fake-weatherapi';
import { startServer, type RunningServer } from './support/server';

const RUNS = 5;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Every category but performance, whose score moves with the machine's load: full marks each run. */
const FULL_MARKS = CATEGORIES.filter((category) => category !== 'performance');
/** minPerformance: the median's floor, the target. */
const PAGES = [
  { path: '/', maxLargestPaintMs: 1_500, minPerformance: 0.95 },
  { path: '/login', maxLargestPaintMs: 2_000, minPerformance: 0.95 },
] as const;
/**
 * Lighthouse's own failures to record a run ("Please run Lighthouse again"), which a busy machine
 * sometimes gives: the run is made again, at most three times. Any other runtime error fails the
 * test.
 */
const RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
const RECORDING_RETRIES = 3;

let weatherApi: FakeWeatherApi | undefined;
let server: RunningServer | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
/** The host's benchmark index and the CPU slowdown calibrated from it (calibratedSlowdown). */
let host: { benchmarkIndex: number; slowdown: number } | undefined;

/** Lighthouse's default CPU slowdown, for a host of its baseline speed. */
const DEFAULT_SLOWDOWN = 4;

/**
 * The slowdown that makes this host the phone Lighthouse's 4x makes of its baseline host: the
 * calculator its throttling guide links (lighthouse-cpu-throttling-calculator), at most 4x.
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.min(DEFAULT_SLOWDOWN, Math.max(1, multiplier));
}

beforeAll(async () => {
  weatherApi = await startFakeWeatherApi();
  server = await startServer({ env: { WEATHER_API_KEY: 'e2e-key', WEATHER_API_URL: weatherApi.url } });
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const { benchmarkIndex } = (await audit(`${server.baseUrl}/`)).environment;
  host = { benchmarkIndex, slowdown: calibratedSlowdown(benchmarkIndex) };
}, 120_000);

afterAll(async () => {
  chrome?.kill();
  await server?.stop();
  await weatherApi?.close();
});

async function audit(url: string, retries = RECORDING_RETRIES): Promise<Result> {
  if (!chrome) throw new Error('Chromium starts in beforeAll.');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(host ? { throttling: { cpuSlowdownMultiplier: host.slowdown } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const failure = result.lhr.runtimeError;
  if (failure && RECORDING_FAILURES.has(failure.code) && retries > 0) {
    console.log(`Lighthouse could not record ${url} (${failure.code}): running it again.`);
    return audit(url, retries - 1);
  }
  if (failure) throw new Error(`Lighthouse failed on ${url}: ${failure.message}`);
  return result.lhr;
}

const scoreOf = (report: Result, category: (typeof CATEGORIES)[number]) =>
  report.categories[category]?.score ?? 0;
const largestPaintOf = (report: Result) =>
  report.audits['largest-contentful-paint']?.numericValue ?? Infinity;
const blockingTimeOf = (report: Result) => report.audits['total-blocking-time']?.numericValue ?? NaN;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The load average over the last minute and five, which the performance score follows, and the host's speed. */
const machineLoad = () => {
  const [lastMinute = 0, lastFive = 0] = loadavg();
  const speed = host
    ? `, benchmark index ${Math.round(host.benchmarkIndex)}, CPU slowdown ${host.slowdown.toFixed(1)}x`
    : '';
  return `load ${lastMinute.toFixed(1)} / ${lastFive.toFixed(1)} on ${cpus().length} cores${speed}`;
};

/** The category's audits that lost points, so that a failure says why: "id (title): score". */
function lostPoints(report: Result, category: (typeof CATEGORIES)[number]): string[] {
  return (report.categories[category]?.auditRefs ?? []).flatMap(({ id }) => {
    const found = report.audits[id];
    if (!found || found.score === null || found.score >= 1) return [];
    const shown = found.displayValue ? `, ${found.displayValue}` : '';
    return [`${id} (${found.title}): ${found.score}${shown}`];
  });
}

describe('Lighthouse, mobile', () => {
  for (const page of PAGES) {
    it(
      `scores ${page.path} 100 for accessibility, best practices and SEO, its largest paint and performance in bounds`,
      { timeout: 300_000 },
      async () => {
        if (!server) throw new Error('The server starts in beforeAll.');
        const reports: Result[] = [];
        for (let run = 0; run < RUNS; run += 1) reports.push(await audit(`${server.baseUrl}${page.path}`));

        const performance = median(reports.map((report) => scoreOf(report, 'performance')));
        const largestPaintMs = median(reports.map(largestPaintOf));
        const scores = (category: (typeof CATEGORIES)[number]) =>
          reports.map((report) => Math.round(scoreOf(report, category) * 100)).join('/');
        console.log(
          `Lighthouse ${page.path}: performance ${scores('performance')} (median ${Math.round(performance * 100)}), ` +
            `accessibility ${scores('accessibility')}, best practices ${scores('best-practices')}, ` +
            `SEO ${scores('seo')}, largest paint ${reports.map((report) => Math.round(largestPaintOf(report))).join('/')} ms ` +
            `(median ${Math.round(largestPaintMs)} ms), blocking time ` +
            `${reports.map((report) => Math.round(blockingTimeOf(report))).join('/')} ms, ${machineLoad()}`,
        );

        const failures: string[] = [];
        if (performance < page.minPerformance) {
          const medianRun =
            reports.find((report) => scoreOf(report, 'performance') === performance) ?? reports[0]!;
          failures.push(
            `performance ${performance} < ${page.minPerformance} (${machineLoad()})`,
            ...lostPoints(medianRun, 'performance'),
          );
        }
        if (largestPaintMs >= page.maxLargestPaintMs) {
          failures.push(`largest paint ${Math.round(largestPaintMs)} ms >= ${page.maxLargestPaintMs} ms`);
        }
        for (const [run, report] of reports.entries()) {
          for (const category of FULL_MARKS) {
            if (scoreOf(report, category) < 1) {
              failures.push(
                `run ${run + 1}: ${category} ${scoreOf(report, category)}`,
                ...lostPoints(report, category),
              );
            }
          }
        }
        expect(failures).toEqual([]);
      },
    );
  }
});
