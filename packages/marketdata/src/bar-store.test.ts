import { Field, Float64, makeData, RecordBatch, RecordBatchFileWriter, Schema, Struct } from 'apache-arrow';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BAR_COLUMNS, type BarColumns } from './bar-columns';
import { BarStore } from './bar-store';

const MINUTE = 60_000;
const T0 = Date.UTC(2024, 0, 2, 9, 0);

/** Bars at the given minutes after T0, each price being `price` (so tests can tell sources apart). */
function bars(minutes: number[], price: number): BarColumns {
  const t = Float64Array.from(minutes, (m) => T0 + m * MINUTE);
  const same = () => Float64Array.from(minutes, () => price);
  return {
    t,
    o: same(),
    h: Float64Array.from(minutes, () => price + 1),
    l: Float64Array.from(minutes, () => price - 1),
    c: same(),
  };
}

const minutesOf = (b: BarColumns | null) => Array.from(b?.t ?? [], (t) => (t - T0) / MINUTE);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bar-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// CPU-bound (large bar sets written and read back): seconds on a quiet 2-core machine, several
// times that on a shared one. Vitest's 5 s default would fail them for the machine's load; speed is
// the benches' to measure.
const CPU_BOUND_MS = 60_000;

describe('BarStore', { timeout: CPU_BOUND_MS }, () => {
  it('reads nothing for a set never stored', async () => {
    expect(await new BarStore(dir).read('GOLD', '1m')).toBeNull();
    expect(await new BarStore(join(dir, 'not-yet')).version('GOLD', '1m')).toBeNull();
  });

  it('reads back exactly the bars it stored, as an Arrow IPC file per market and timeframe', async () => {
    const store = new BarStore(dir);
    const stored = bars([0, 1, 2, 5], 1900.25);
    stored.c[3] = 1901.5;
    const summary = await store.merge('GOLD', '1m', stored);
    expect(summary).toEqual({ rows: 4, first: T0, last: T0 + 5 * MINUTE });

    const read = await new BarStore(dir).read('GOLD', '1m');
    expect(read).toEqual(stored);
    expect(await store.read('GOLD', '1d')).toBeNull();
    expect(await readdir(dir)).toEqual(['GOLD-1m.arrow']);
    const bytes = await readFile(join(dir, 'GOLD-1m.arrow'));
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('ARROW1');
  });

  it('merges overlapping bars in time order, the new bar replacing the stored one of the same time', async () => {
    const store = new BarStore(dir);
    await store.merge('EURUSD', '1m', bars([0, 1, 2, 3], 1.1));
    const summary = await store.merge('EURUSD', '1m', bars([2, 3, 4, 5], 1.2));
    expect(summary).toEqual({ rows: 6, first: T0, last: T0 + 5 * MINUTE });
    const read = await store.read('EURUSD', '1m');
    expect(minutesOf(read)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(read!.c)).toEqual([1.1, 1.1, 1.2, 1.2, 1.2, 1.2]);
    expect(Array.from(read!.h)).toEqual([2.1, 2.1, 2.2, 2.2, 2.2, 2.2]);
  });

  it('interleaves older, newer and in-between bars', async () => {
    const store = new BarStore(dir);
    await store.merge('GOLD', '1m', bars([10, 20, 30], 100));
    await store.merge('GOLD', '1m', bars([5, 15, 20, 35], 200));
    const read = await store.read('GOLD', '1m');
    expect(minutesOf(read)).toEqual([5, 10, 15, 20, 30, 35]);
    expect(Array.from(read!.o)).toEqual([200, 100, 200, 200, 100, 200]);
  });

  it('sorts unordered new bars, keeping the later of two rows with the same time', async () => {
    const store = new BarStore(dir);
    const unordered = bars([3, 1, 2, 1], 50);
    unordered.c[3] = 51;
    await store.merge('NASDAQ', '1d', unordered);
    const read = await store.read('NASDAQ', '1d');
    expect(minutesOf(read)).toEqual([1, 2, 3]);
    expect(read!.c[0]).toBe(51);
  });

  it('keeps the stored set when merging no bars, and stores an empty set when there was none', async () => {
    const store = new BarStore(dir);
    expect(await store.merge('GOLD', '1m', bars([], 1))).toEqual({ rows: 0, first: null, last: null });
    expect(minutesOf(await store.read('GOLD', '1m'))).toEqual([]);
    await store.merge('GOLD', '1m', bars([1, 2], 10));
    expect(await store.merge('GOLD', '1m', bars([], 1))).toEqual({
      rows: 2,
      first: T0 + MINUTE,
      last: T0 + 2 * MINUTE,
    });
  });

  it('leaves the old file whole, and no temporary file, when the new one cannot replace it', async () => {
    await new BarStore(dir).merge('GOLD', '1m', bars([0, 1], 10));
    const failing = new BarStore(dir, { rename: () => Promise.reject(new Error('disk gone')) });
    await expect(failing.merge('GOLD', '1m', bars([1, 2], 20))).rejects.toThrow('disk gone');
    expect(Array.from((await failing.read('GOLD', '1m'))!.c)).toEqual([10, 10]);
    expect(await readdir(dir)).toEqual(['GOLD-1m.arrow']);
  });

  it('leaves the old file when the step before the replacement refuses', async () => {
    const store = new BarStore(dir);
    await store.merge('GOLD', '1m', bars([0], 10));
    const refused = store.merge('GOLD', '1m', bars([0], 20), (summary) => {
      expect(summary.rows).toBe(1);
      return Promise.reject(new Error('metadata not saved'));
    });
    await expect(refused).rejects.toThrow('metadata not saved');
    expect((await store.read('GOLD', '1m'))!.c[0]).toBe(10);
    expect(await readdir(dir)).toEqual(['GOLD-1m.arrow']);
  });

  it('runs concurrent merges of one set one after the other, losing none', async () => {
    const store = new BarStore(dir);
    const merges = Array.from({ length: 8 }, (_, k) =>
      store.merge('GOLD', '1m', bars([k * 2, k * 2 + 1], k)),
    );
    const summaries = await Promise.all(merges);
    expect(summaries.map((s) => s.rows)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    expect((await store.read('GOLD', '1m'))!.t.length).toBe(16);
  });

  it('refuses columns of different lengths and names that would leave the folder', async () => {
    const store = new BarStore(dir);
    const broken = bars([0, 1], 1);
    broken.c = new Float64Array(1);
    await expect(store.merge('GOLD', '1m', broken)).rejects.toThrow(RangeError);
    await expect(store.merge('../GOLD', '1m', bars([0], 1))).rejects.toThrow(RangeError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('merges a large set batch by batch, new bars winning ties across slab and batch boundaries', async () => {
    const store = new BarStore(dir);
    const n = 600_000;
    const stored = bars(
      Array.from({ length: n }, (_, m) => m),
      100,
    );
    await store.merge('GOLD', '1m', stored);
    // Around the ends of the stored slabs (65,536 bars) and written batches (262,144), and past the end.
    const fresh = [65_530, 65_536, 131_071, 262_143, 262_144, 524_288, 599_999, 600_000, 600_001];
    const summary = await store.merge('GOLD', '1m', bars(fresh, 200));
    expect(summary).toEqual({ rows: n + 2, first: T0, last: T0 + 600_001 * MINUTE });
    const read = (await store.read('GOLD', '1m'))!;
    expect(read.t.length).toBe(n + 2);
    for (let i = 0; i < read.t.length; i++) {
      if (read.t[i] !== T0 + i * MINUTE) throw new Error(`bar ${i} at the wrong time`);
      const expected = fresh.includes(i) ? 200 : 100;
      if (read.c[i] !== expected) throw new Error(`bar ${i} has ${read.c[i]}, expected ${expected}`);
    }
  });

  it('reads and merges over a set written as one record batch, as earlier versions wrote them', async () => {
    const old = bars([0, 1, 2], 10);
    const fields = BAR_COLUMNS.map((name) => new Field(name, new Float64(), false));
    const children = BAR_COLUMNS.map((name) =>
      makeData({ type: new Float64(), length: 3, nullCount: 0, data: old[name] }),
    );
    const batch = new RecordBatch(
      new Schema(fields),
      makeData({ type: new Struct(fields), length: 3, nullCount: 0, children }),
    );
    await writeFile(join(dir, 'GOLD-1m.arrow'), RecordBatchFileWriter.writeAll([batch]).toUint8Array(true));
    const store = new BarStore(dir);
    expect(await store.read('GOLD', '1m')).toEqual(old);
    await store.merge('GOLD', '1m', bars([2, 3], 20));
    expect(Array.from((await store.read('GOLD', '1m'))!.c)).toEqual([10, 10, 20, 20]);
  });

  it('reports a file that is not Arrow as corrupt rather than returning garbage', async () => {
    await writeFile(join(dir, 'GOLD-1m.arrow'), 'not arrow at all');
    await expect(new BarStore(dir).read('GOLD', '1m')).rejects.toThrow(/Arrow/);
  });
});
