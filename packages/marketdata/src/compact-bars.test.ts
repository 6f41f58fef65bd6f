import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BarColumns } from './bar-columns';
import { CompactBars } from './compact-bars';
import { normaliseBars } from './merge-bars';

const MINUTE = 60_000;
const T0 = Date.UTC(2019, 0, 2);

function compactOf(bars: BarColumns): CompactBars {
  const compact = new CompactBars();
  for (let i = 0; i < bars.t.length; i++)
    compact.push(bars.t[i]!, bars.o[i]!, bars.h[i]!, bars.l[i]!, bars.c[i]!);
  return compact;
}

/** Columns whose every value is the same double as the input's (toEqual would let -0 and 0 pass). */
function expectSameDoubles(actual: BarColumns, expected: BarColumns): void {
  for (const name of ['t', 'o', 'h', 'l', 'c'] as const) {
    expect(actual[name].length).toBe(expected[name].length);
    for (let i = 0; i < expected[name].length; i++) {
      if (!Object.is(actual[name][i], expected[name][i])) {
        throw new Error(`${name}[${i}] is ${actual[name][i]}, expected ${expected[name][i]}`);
      }
    }
  }
}

/** A price as a file writes it: digits, then up to `decimals` decimals (trailing zeros included). */
const priceText = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 10 }), fc.nat())
  .map(([units, decimals, digits]) =>
    decimals === 0 ? `${units}` : `${units}.${String(digits).padStart(decimals, '0').slice(-decimals)}`,
  );

const bar = fc.record({
  minute: fc.integer({ min: 0, max: 5_000 }),
  prices: fc.array(priceText, { minLength: 4, maxLength: 4 }),
});

// CPU-bound (large bar sets packed and read back): seconds on a quiet 2-core machine, several times
// that on a shared one. Vitest's 5 s default would fail them for the machine's load; speed is the
// benches' to measure.
const CPU_BOUND_MS = 60_000;

describe('CompactBars', { timeout: CPU_BOUND_MS }, () => {
  it('gives back every price and time exactly as read, whatever their decimals', () => {
    fc.assert(
      fc.property(fc.array(bar, { minLength: 1, maxLength: 300 }), (rows) => {
        const sorted = [...rows]
          .sort((a, b) => a.minute - b.minute)
          .filter((r, i, all) => i === 0 || all[i - 1]!.minute !== r.minute);
        const column = (k: number) => Float64Array.from(sorted, (r) => Number(r.prices[k]!));
        const bars = {
          t: Float64Array.from(sorted, (r) => T0 + r.minute * MINUTE),
          o: column(0),
          h: column(1),
          l: column(2),
          c: column(3),
        };
        expectSameDoubles(compactOf(bars).toColumns(), bars);
      }),
    );
  });

  it('keeps bars exact when a finer price, a time with seconds or a huge price comes after many chunks', () => {
    const n = 4 * 65_536;
    const t = Float64Array.from({ length: n }, (_, i) => T0 + i * MINUTE);
    const o = Float64Array.from({ length: n }, (_, i) => 1900 + (i % 1000) / 100);
    const bars = { t, o, h: o.map((p) => p + 0.5), l: o.map((p) => p - 0.25), c: o.slice() };
    const compact = compactOf(bars);
    // 14 bytes a bar rather than 40 while times are whole minutes and prices fit.
    expect(compact.byteLength()).toBe(n * 14);

    const tick = { ...bars, c: bars.c.slice() };
    tick.c[100_000]! += 0.125;
    const ticked = compactOf(tick);
    expectSameDoubles(ticked.toColumns(), tick);
    expect(ticked.byteLength()).toBe(n * 14);

    const range = { ...bars, c: bars.c.slice() };
    range.c[100_000]! += 0.125;
    range.c[120_000]! += 30.0001;
    const ranged = compactOf(range);
    expectSameDoubles(ranged.toColumns(), range);
    expect(ranged.byteLength()).toBe(n * 20);

    const finer = { ...bars, o: bars.o.slice(), c: bars.c.slice() };
    finer.o[150_000] = 1900.123456789;
    finer.c[170_000] = 1.1672500000000001;
    expectSameDoubles(compactOf(finer).toColumns(), finer);

    const seconds = { ...bars, t: bars.t.slice() };
    seconds.t[140_000]! += 30_000;
    expectSameDoubles(compactOf(seconds).toColumns(), seconds);

    const huge = { ...bars, h: bars.h.slice() };
    huge.h[250_000] = 3e12;
    expectSameDoubles(compactOf(huge).toColumns(), huge);
  });

  it('sorts a file of many chunks written as two runs, its overlap replaced by the later run', () => {
    const n = 150_000;
    const t = Float64Array.from({ length: n }, (_, i) => T0 + ((i + 100_000) % n) * MINUTE);
    t.fill(T0 + 60_000 * MINUTE, 70_000, 70_010);
    const o = Float64Array.from({ length: n }, (_, i) => 1 + i / 100_000);
    const bars = { t, o, h: o.map((p) => p + 0.001), l: o.map((p) => p - 0.001), c: o.slice() };
    const compact = compactOf(bars);
    const expected = normaliseBars(bars);
    expect(compact.sort().duplicates).toBe(n - expected.t.length);
    expectSameDoubles(compact.toColumns(), expected);
  });

  it('sorts rows written out of order, keeping the later of two rows with the same time', () => {
    fc.assert(
      fc.property(fc.array(bar, { minLength: 1, maxLength: 300 }), (rows) => {
        const column = (k: number) => Float64Array.from(rows, (r) => Number(r.prices[k]!));
        const bars = {
          t: Float64Array.from(rows, (r) => T0 + r.minute * MINUTE),
          o: column(0),
          h: column(1),
          l: column(2),
          c: column(3),
        };
        const compact = compactOf(bars);
        const expected = normaliseBars(bars);
        expect(compact.sort().duplicates).toBe(rows.length - expected.t.length);
        expectSameDoubles(compact.toColumns(), expected);
        expect(compact.timeAt(compact.length - 1)).toBe(expected.t[expected.t.length - 1]);
      }),
    );
  });
});
