// The scan of cycles before any level fills, shared by the groups of a sweep with one target
// (entry-cycles.ts), against the same groups each walking every cycle alone: every field equal,
// to the last bit, over runs that diverge in every way a cycle can (levels at different depths,
// a stop above some levels, different lot shapes, overflow, dynamic lots), and the reference
// simulator agreeing on each run.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryCycles, NO_BAR } from '../src/grid/entry-cycles';
import { gridParamsProblem, type GridParams } from '../src/grid/params';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGroup } from '../src/grid/run-grid';
import { decisionGroups, runGroups } from '../src/grid/sweep';
import { longHugeScenario, longScenario, type Scenario } from './arbitraries';
import { expectSameRun } from './expect-same-run';
import { referenceRun } from './reference-simulator';

/** Runs of one or two targets, so that groups share the scan, diverging from there. */
const runsDrawn = fc.record({
  sizes: fc.uniqueArray(fc.constantFrom(0.01, 0.02, 0.05, 0.5, 1, 1e6), { minLength: 1, maxLength: 2 }),
  ratios: fc.uniqueArray(fc.constantFrom(0.5, 1, 2, 0.3), { minLength: 1, maxLength: 2 }),
  /**
   * Mediazione and target as shares of the scenario's mediazione, about one bar's move: most
   * cycles close before a level fills, and levels fill at different depths.
   */
  steps: fc.uniqueArray(fc.constantFrom(0.5, 1, 2, 3), { minLength: 1, maxLength: 2 }),
  targets: fc.uniqueArray(fc.constantFrom(0.2, 0.5, 1), { minLength: 1, maxLength: 2 }),
  /** Stops from above the first level to below the worst. */
  stops: fc.uniqueArray(fc.constantFrom(0.7, 1, 1.5), { minLength: 1, maxLength: 2 }),
  dynamic: fc.boolean(),
});

type RunsDrawn = typeof runsDrawn extends fc.Arbitrary<infer Drawn> ? Drawn : never;

function runsOf(base: GridParams, drawn: RunsDrawn): GridParams[] {
  const runs: GridParams[] = [];
  // The scenario's own size first: huge ones and their dynamic compounding leave the exact range.
  const sizes = [...new Set([base.size, ...drawn.sizes])];
  for (const size of sizes)
    for (const ratio of drawn.ratios)
      for (const step of drawn.steps)
        for (const target of drawn.targets)
          for (const stop of drawn.stops)
            runs.push({
              ...base,
              size,
              addizionale: size * ratio,
              mediazione: base.mediazione * step,
              target: base.mediazione * target,
              safeWorst: base.worst * stop,
              // Dynamic runs are groups of one, yet share the scan with their target's groups.
              dynamic: (base.dynamic || drawn.dynamic) && size === base.size,
            });
  // Only what the API accepts (fine point 19).
  return runs.filter((run) => gridParamsProblem(run) === null);
}

/** How the shared answers were used: exits (at a gap among them), and bars before a level that may fill. */
const answers = { exits: 0, gaps: 0, before: 0 };
afterEach(() => vi.restoreAllMocks());

function countAnswers(): void {
  // The method itself, to call on each instance from the spy.
  const find = Object.getOwnPropertyDescriptor(EntryCycles.prototype, 'find')?.value as (
    this: EntryCycles,
    ...args: Parameters<EntryCycles['find']>
  ) => boolean;
  vi.spyOn(EntryCycles.prototype, 'find').mockImplementation(function (this: EntryCycles, ...args) {
    const usable = find.apply(this, args);
    if (usable && this.exitBar !== NO_BAR) {
      answers.exits++;
      if (this.gap) answers.gaps++;
    } else if (usable) answers.before++;
    return usable;
  });
}

function expectSharedEqualsAlone({ bars, instrument, fx }: Scenario, runs: GridParams[], branching: number) {
  const prepared = prepareBars(bars, instrument, fx(), { branching });
  const groups = decisionGroups(runs).map((indexes) => indexes.map((index) => runs[index] as GridParams));
  const shared = runGroups(prepared, groups);
  const alone = groups.map((members) => runGroup(prepared, members));
  expect(shared).toEqual(alone);
  const results = shared.flat();
  groups
    .flat()
    .forEach((run, index) => expectSameRun(results[index]!, referenceRun(bars, run, instrument, fx())));
  return results;
}

describe('cycles before any level fills, scanned once per target', () => {
  it('give every group the figures it finds walking alone, and the reference agrees', () => {
    countAnswers();
    fc.assert(
      fc.property(longScenario, runsDrawn, fc.constantFrom(2, 16), (drawn, runs, branching) => {
        expectSharedEqualsAlone(drawn, runsOf(drawn.params, runs), branching);
      }),
      { numRuns: 200 },
    );
    // The shared answers were used both ways, often.
    expect(answers.exits).toBeGreaterThan(300);
    expect(answers.gaps).toBeGreaterThan(10);
    expect(answers.before).toBeGreaterThan(300);
  });

  it('stop each group that leaves the exact range where it stops walking alone', () => {
    let flagged = 0;
    fc.assert(
      fc.property(longHugeScenario, runsDrawn, fc.constantFrom(2, 16), (drawn, runs, branching) => {
        const results = expectSharedEqualsAlone(drawn, runsOf(drawn.params, runs), branching);
        flagged += results.filter((result) => result.overflow).length;
      }),
      { numRuns: 80 },
    );
    expect(flagged).toBeGreaterThan(10);
  });
});
