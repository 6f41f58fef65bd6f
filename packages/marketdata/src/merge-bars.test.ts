import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAR_COLUMNS, type BarColumns, type SortedBars } from './bar-columns';
import { mergeBars } from './merge-bars';

/** Bars at the given (sorted, distinct) times, every price being `tag` plus the time, so each side is told apart. */
function bars(times: number[], tag: number): BarColumns {
  const t = Float64Array.from(times);
  const p = () => Float64Array.from(times, (x) => tag + x);
  return { t, o: p(), h: p(), l: p(), c: p() };
}

/** The bars cut into slabs of the given sizes (the last one takes the rest). */
function slabs(all: BarColumns, sizes: number[]): BarColumns[] {
  const out: BarColumns[] = [];
  let at = 0;
  for (let k = 0; at < all.t.length; k++) {
    const end = Math.min(all.t.length, at + (sizes[k % sizes.length] ?? 1));
    out.push(
      Object.fromEntries(
        BAR_COLUMNS.map((name) => [name, all[name].slice(at, end)]),
      ) as unknown as BarColumns,
    );
    at = end;
  }
  return out;
}

/** The slabs as the store hands them over: one at a time, each after a read. */
async function* asyncOf(items: BarColumns[]): AsyncGenerator<BarColumns> {
  for (const item of items) yield await Promise.resolve(item);
}

/** Runs the merge, collecting the batches it writes (copied: the merge reuses its arrays). */
async function merged(stored: BarColumns[] | null, incoming: BarColumns[], batchRows: number) {
  const batches: BarColumns[] = [];
  const sink = { write: (b: BarColumns) => Promise.resolve(void batches.push(structuredClone(b))) };
  const sorted: SortedBars = { slabs: () => incoming };
  const summary = await mergeBars(stored ? asyncOf(stored) : null, sorted, sink, batchRows);
  const joined = (name: (typeof BAR_COLUMNS)[number]) => batches.flatMap((b) => Array.from(b[name]));
  return { summary, batches, t: joined('t'), c: joined('c') };
}

const times = fc
  .uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 80 })
  .map((t) => t.sort((a, b) => a - b));
const sizes = fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 });

describe('mergeBars', () => {
  it('writes stored ∪ new in time order, the new bar winning a tie, across any slab and batch boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        times,
        times,
        sizes,
        sizes,
        fc.integer({ min: 1, max: 12 }),
        async (old, fresh, oldSizes, newSizes, batchRows) => {
          const result = await merged(
            slabs(bars(old, 1000), oldSizes),
            slabs(bars(fresh, 2000), newSizes),
            batchRows,
          );
          const expected = new Map<number, number>(old.map((t) => [t, 1000 + t]));
          for (const t of fresh) expected.set(t, 2000 + t);
          const keys = [...expected.keys()].sort((a, b) => a - b);
          expect(result.t).toEqual(keys);
          expect(result.c).toEqual(keys.map((t) => expected.get(t)));
          expect(result.batches.every((b) => b.t.length > 0 && b.t.length <= batchRows)).toBe(true);
          expect(result.summary).toEqual({
            rows: keys.length,
            first: keys[0] ?? null,
            last: keys.at(-1) ?? null,
          });
        },
      ),
    );
  });

  it('writes the new bars alone when nothing is stored, and nothing for nothing', async () => {
    expect((await merged(null, slabs(bars([1, 2, 3], 0), [2]), 2)).t).toEqual([1, 2, 3]);
    expect((await merged(null, [], 2)).summary).toEqual({ rows: 0, first: null, last: null });
  });
});
