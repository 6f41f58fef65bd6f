// Bars prepared in slices (as the worker threads do, each on its own range) must be exactly the
// bars prepared in one go: same columns, same block levels, same runs of one rate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePrepared,
  completePrepared,
  dayRates,
  fillPrepared,
  prepareBars,
} from '../src/grid/prepared-bars';
import { scenario } from './arbitraries';

// CPU-bound (hundreds of random bar sets): seconds on a quiet 2-core machine, several times that on
// a shared one. Vitest's 5 s default would fail them for the machine's load; speed is the benches'
// to measure.
const CPU_BOUND_MS = 60_000;

describe('prepared bars', { timeout: CPU_BOUND_MS }, () => {
  it('are the same when slices on block boundaries are filled in any order', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom(2, 4, 16),
        fc.array(fc.nat(), { maxLength: 4 }),
        ({ bars, instrument, fx }, branching, cuts) => {
          const whole = prepareBars(bars, instrument, fx(), { branching });
          const columns = allocatePrepared(bars.t, { branching, shared: true });
          const days = dayRates(bars.t, fx());
          // Slice starts on multiples of the finest block, filled last slice first.
          const starts = [...new Set([0, ...cuts.map((cut) => (cut % 64) * branching)])]
            .filter((start) => start === 0 || start < bars.t.length)
            .sort((a, b) => a - b);
          const bounds = starts.map((from, k) => [from, starts[k + 1] ?? bars.t.length] as const);
          const slices = bounds
            .reverse()
            .map(([from, to]) => fillPrepared(columns, bars, instrument, days, from, to));
          const sliced = completePrepared(columns, instrument, slices, { branching });
          expect(sliced).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('hold the lowest and highest price from each bar and block to the end of the block above it', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(2, 4, 16), ({ bars, instrument, fx }, branching) => {
        const prepared = prepareBars(bars, instrument, fx(), { branching });
        // The finest blocks hold `branching` bars.
        const size = branching;
        const blocks = Math.ceil(prepared.count / size);
        /** The lowest or highest of the values from `from` to the end of its block. */
        const toEnd = (values: Int32Array, from: number, blockSize: number, pick: typeof Math.min) =>
          pick(...values.subarray(from, (Math.floor(from / blockSize) + 1) * blockSize));
        for (let bar = 0; bar < prepared.count; bar++) {
          expect(prepared.pathMinToBlockEnd[bar]).toBe(toEnd(prepared.pathMin, bar, size, Math.min));
          expect(prepared.pathMaxToBlockEnd[bar]).toBe(toEnd(prepared.pathMax, bar, size, Math.max));
        }
        const blockMins = Int32Array.from({ length: blocks }, (_, block) =>
          toEnd(prepared.pathMin, block * size, size, Math.min),
        );
        const blockMaxes = Int32Array.from({ length: blocks }, (_, block) =>
          toEnd(prepared.pathMax, block * size, size, Math.max),
        );
        for (let block = 0; block < blocks; block++) {
          expect(prepared.finestMinToParentEnd[block]).toBe(toEnd(blockMins, block, branching, Math.min));
          expect(prepared.finestMaxToParentEnd[block]).toBe(toEnd(blockMaxes, block, branching, Math.max));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a slice that does not start on a block boundary', () => {
    const bars = {
      t: new Float64Array(40),
      o: new Float64Array(40),
      h: new Float64Array(40),
      l: new Float64Array(40),
      c: new Float64Array(40),
    };
    const columns = allocatePrepared(bars.t, { branching: 16 });
    expect(() =>
      fillPrepared(
        columns,
        bars,
        { point: 0.1, contractSize: 100, spreadPoints: 3 },
        { firstDay: 0, rates: Float64Array.of(1) },
        8,
        40,
      ),
    ).toThrow(/not aligned/);
  });
});
