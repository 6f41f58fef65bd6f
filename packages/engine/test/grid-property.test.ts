// The engine against the reference simulator (engine.md section 8) over thousands of random bar
// series and parameter sets: trades and stops exactly, money within 1e-6 relative.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../src/grid/params';
import { prepareBars } from '../src/grid/prepared-bars';
import { runGrid, runPrepared } from '../src/grid/run-grid';
import { scenario } from './arbitraries';
import { referenceRun } from './reference-simulator';

const MONEY_FIELDS = ['profit', 'interest', 'requirement', 'maxDrawdown', 'openPnl'] as const;

export function expectSameRun(engine: RunResult, reference: RunResult): void {
  expect(engine.trades).toBe(reference.trades);
  expect(engine.stops).toBe(reference.stops);
  for (const field of MONEY_FIELDS) {
    const tolerance = 1e-6 * Math.max(1, Math.abs(reference[field]));
    expect(Math.abs(engine[field] - reference[field]), field).toBeLessThanOrEqual(tolerance);
  }
}

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
      fc.property(scenario, fc.constantFrom(2, 3, 4), ({ bars, params, instrument, fx }, branching) => {
        const prepared = prepareBars(bars, instrument, fx(), branching);
        expectSameRun(runPrepared(prepared, params), referenceRun(bars, params, instrument, fx()));
      }),
      { numRuns: 3000 },
    );
  });
});
