import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderRows } from './order-rows';

/** Plainly: sort the row indexes by time, keeping file order on ties, then keep the last of each time. */
function naiveOrder(times: number[]): number[] {
  const sorted = times.map((t, row) => ({ t, row })).sort((a, b) => a.t - b.t || a.row - b.row);
  return sorted.filter((entry, k) => sorted[k + 1]?.t !== entry.t).map((entry) => entry.row);
}

/** Plainly: every row whose time a later row repeats, with the last row of that time. */
function naiveReplaced(times: number[]): { row: number; by: number }[] {
  return times.map((t, row) => ({ row, by: times.lastIndexOf(t) })).filter((entry) => entry.by !== entry.row);
}

describe('orderRows', () => {
  it('sorts by time and keeps the later row of each time, like a plain sort', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }), (times) => {
        const { rows, duplicates } = orderRows(Float64Array.from(times));
        const expected = naiveOrder(times);
        expect(Array.from(rows)).toEqual(expected);
        expect(duplicates).toBe(times.length - expected.length);
      }),
      { numRuns: 500 },
    );
  });

  it('names the first replaced rows in file order, each with the row that replaced it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 200 }),
        fc.nat({ max: 12 }),
        (times, samples) => {
          const { replaced } = orderRows(Float64Array.from(times), samples);
          expect(replaced).toEqual(naiveReplaced(times).slice(0, samples));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves rows already in order where they are', () => {
    expect(Array.from(orderRows(Float64Array.from([1, 2, 3])).rows)).toEqual([0, 1, 2]);
  });
});
