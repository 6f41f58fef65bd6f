// The engine against the reference simulator (engine.md section 8) over thousands of random bar
// series and parameter sets: trades and stops exactly, money within 1e-6 relative.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid, runPrepared } from '../src/grid/run-grid';
import { runAllPrepared, sweepParams } from '../src/grid/sweep';
import { scenario } from './arbitraries';
import { expectSameRun } from './expect-same-run';
import { referenceRun } from './reference-simulator';

describe('engine against the reference simulator', () => {
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
      size: fc.uniqueArray(fc.constantFrom(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 1.5), { minLength: 1, maxLength: 4 }),
      ratio: fc.uniqueArray(fc.constantFrom(0.5, 1, 2, 0.3), { minLength: 1, maxLength: 3 }),
      mediazione: fc.uniqueArray(fc.constantFrom(5, 10, 20, 35), { minLength: 1, maxLength: 2 }),
      target: fc.uniqueArray(fc.constantFrom(5, 10, 25, 50), { minLength: 1, maxLength: 2 }),
    });
    fc.assert(
      fc.property(scenario, grid, fc.constantFrom(2, 16), ({ bars, params, instrument, fx }, sweep, branching) => {
        const runs = sweepParams(sweep, params);
        const results = runAllPrepared(prepareBars(bars, instrument, fx(), { branching }), runs);
        runs.forEach((run, index) => expectSameRun(results[index]!, referenceRun(bars, run, instrument, fx())));
      }),
      { numRuns: 400 },
    );
  });
});
