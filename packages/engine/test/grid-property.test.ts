// The engine against the reference simulator (engine.md section 8) over thousands of random bar
// series and parameter sets: trades and stops exactly, money within 1e-6 relative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid, runPrepared } from '../src/grid/run-grid';
import { runAllPrepared, sweepParams } from '../src/grid/sweep';
import { walkGrid } from '../src/grid/walk-grid';
import { hugeScenario, scenario } from './arbitraries';
import { expectSameRun } from './expect-same-run';
import { referenceRun } from './reference-simulator';

// CPU-bound (thousands of random runs): seconds on a quiet 2-core machine, several times that on a
// shared one. Vitest's 5 s default would fail them for the machine's load; speed is the benches' to
// measure.
const CPU_BOUND_MS = 60_000;

describe('engine against the reference simulator', { timeout: CPU_BOUND_MS }, () => {
  it('agrees on every reported field over random bars and parameters', () => {
    fc.assert(
      fc.property(scenario, ({ bars, params, instrument, fx }) => {
        expectSameRun(runGrid(bars, params, instrument, fx()), referenceRun(bars, params, instrument, fx()));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees when it jumps over blocks of every size, down to pairs of bars', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(2, 4, 8), ({ bars, params, instrument, fx }, branching) => {
        const prepared = prepareBars(bars, instrument, fx(), { branching });
        expectSameRun(runPrepared(prepared, params), referenceRun(bars, params, instrument, fx()));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees run by run when a sweep simulates each decision sequence once for proportional lots', () => {
    const grid = fc.record({
      size: fc.uniqueArray(fc.constantFrom(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 1.5), {
        minLength: 1,
        maxLength: 4,
      }),
      ratio: fc.uniqueArray(fc.constantFrom(0.5, 1, 2, 0.3), { minLength: 1, maxLength: 3 }),
      mediazione: fc.uniqueArray(fc.constantFrom(5, 10, 20, 35), { minLength: 1, maxLength: 2 }),
      target: fc.uniqueArray(fc.constantFrom(5, 10, 25, 50), { minLength: 1, maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        scenario,
        grid,
        fc.constantFrom(2, 16),
        ({ bars, params, instrument, fx }, sweep, branching) => {
          const runs = sweepParams(sweep, params);
          const results = runAllPrepared(prepareBars(bars, instrument, fx(), { branching }), runs);
          runs.forEach((run, index) =>
            expectSameRun(results[index]!, referenceRun(bars, run, instrument, fx())),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe(
  'runs whose lots or money leave the range where integers are exact',
  { timeout: CPU_BOUND_MS },
  () => {
    // The reference holds Σ q·fill in BigInts: where it agrees with the engine on a run that is not
    // flagged, the engine's doubles were exact all along; a flagged run stops at the same moment.
    it('are flagged, with their figures up to then, and agree with the reference on every run', () => {
      let flagged = 0;
      let exact = 0;
      fc.assert(
        fc.property(hugeScenario, ({ bars, params, instrument, fx }) => {
          const reference = referenceRun(bars, params, instrument, fx());
          expectSameRun(runGrid(bars, params, instrument, fx()), reference);
          expectSameRun(walkGrid(bars, params, instrument, fx()).result, reference);
          if (reference.overflow) {
            flagged++;
            expect(Array.from(bars.t)).toContain(reference.overflowAt);
            // Stopped between cycles: nothing floats.
            expect(reference.openPnl).toBe(0);
          } else exact++;
        }),
        { numRuns: 1500 },
      );
      // Both kinds are common enough for the comparison to hold on each.
      expect(flagged).toBeGreaterThan(150);
      expect(exact).toBeGreaterThan(150);
    });

    it('stops each member of a sweep at its own lots, where the reference stops it', () => {
      const grid = fc.record({
        size: fc.uniqueArray(fc.constantFrom(0.01, 1, 100, 1e4, 1e6, 1e8), { minLength: 2, maxLength: 4 }),
        ratio: fc.uniqueArray(fc.constantFrom(0.5, 1, 2), { minLength: 1, maxLength: 2 }),
        mediazione: fc.uniqueArray(fc.constantFrom(5, 10, 20), { minLength: 1, maxLength: 2 }),
        target: fc.uniqueArray(fc.constantFrom(5, 10, 25), { minLength: 1, maxLength: 2 }),
      });
      fc.assert(
        fc.property(
          hugeScenario,
          grid,
          fc.constantFrom(2, 16),
          ({ bars, params, instrument, fx }, sweep, branching) => {
            const runs = sweepParams(sweep, params);
            const results = runAllPrepared(prepareBars(bars, instrument, fx(), { branching }), runs);
            runs.forEach((run, index) =>
              expectSameRun(results[index]!, referenceRun(bars, run, instrument, fx())),
            );
          },
        ),
        { numRuns: 300 },
      );
    });
  },
);
