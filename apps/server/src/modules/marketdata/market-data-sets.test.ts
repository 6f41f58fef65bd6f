import type { Market, Timeframe } from '@platform/contracts';
import type { MarketDataSetRow } from '@platform/db';
import { type BarColumns, BarStore } from '@platform/marketdata';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketDataSets, type MarketDataRows } from './market-data-sets';
import type { SavedMarketDataSet } from './marketdata.repository';

const T0 = Date.UTC(2024, 0, 2, 9, 0);

function bars(count: number, price: number, startMinute = 0): BarColumns {
  const t = Float64Array.from({ length: count }, (_, i) => T0 + (startMinute + i) * 60_000);
  const p = () => Float64Array.from({ length: count }, () => price);
  return { t, o: p(), h: p(), l: p(), c: p() };
}

/** The metadata rows in memory. */
class MemoryRows implements MarketDataRows {
  readonly rows = new Map<string, MarketDataSetRow>();
  list() {
    return Promise.resolve([...this.rows.values()]);
  }
  find(market: Market, timeframe: Timeframe) {
    return Promise.resolve(this.rows.get(`${market}-${timeframe}`));
  }
  save(set: SavedMarketDataSet) {
    this.rows.set(`${set.market}-${set.timeframe}`, { ...set, updatedAt: new Date() });
    return Promise.resolve();
  }
}

const source = (file: string) => ({ file, format: 'metatrader', rows: 1, at: new Date(T0).toISOString() });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'market-data-sets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('MarketDataSets', () => {
  it('reads a set once and answers later loads from memory', async () => {
    const store = new BarStore(dir);
    await store.merge('GOLD', '1m', bars(10, 1900));
    const read = vi.spyOn(store, 'read');
    const sets = new MarketDataSets(new MemoryRows(), store);
    const [a, b] = await Promise.all([sets.loadBars('GOLD', '1m'), sets.loadBars('GOLD', '1m')]);
    const c = await sets.loadBars('GOLD', '1m');
    expect(a?.t.length).toBe(10);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await sets.loadBars('GOLD', '1d')).toBeNull();
  });

  it('forgets a cached set when bars are merged into it, here or by another process', async () => {
    const rows = new MemoryRows();
    const sets = new MarketDataSets(rows, new BarStore(dir));
    await sets.merge('GOLD', '1m', bars(10, 1900), source('a.csv'));
    expect((await sets.loadBars('GOLD', '1m'))?.t.length).toBe(10);

    await sets.merge('GOLD', '1m', bars(5, 1950, 8), source('b.csv'));
    const merged = await sets.loadBars('GOLD', '1m');
    expect(merged?.t.length).toBe(13);
    expect(merged?.c[8]).toBe(1950);

    // Another process (its own store object on the same folder) replaces the file.
    await new BarStore(dir).merge('GOLD', '1m', bars(2, 2000, 20));
    expect((await sets.loadBars('GOLD', '1m'))?.t.length).toBe(15);
  });

  it('tells its listeners which market a merge changed', async () => {
    const sets = new MarketDataSets(new MemoryRows(), new BarStore(dir));
    const changed: Market[] = [];
    sets.onChange((market) => changed.push(market));
    await sets.merge('EURUSD', '1d', bars(3, 1.1), source('a.csv'));
    expect(changed).toEqual(['EURUSD']);
  });

  it('keeps the metadata row in step with the file: rows, first, last and the sources merged', async () => {
    const rows = new MemoryRows();
    const sets = new MarketDataSets(rows, new BarStore(dir));
    await sets.merge('EURUSD', '1m', bars(3, 1.1), source('a.csv'));
    await sets.merge('EURUSD', '1m', bars(3, 1.2, 2), source('b.csv'));
    const row = rows.rows.get('EURUSD-1m');
    expect(row).toMatchObject({ rows: 5, firstTime: new Date(T0), lastTime: new Date(T0 + 4 * 60_000) });
    expect(row?.sources.map((s) => s.file)).toEqual(['a.csv', 'b.csv']);
    expect(await sets.coverage('EURUSD', '1m')).toEqual({
      first: new Date(T0).toISOString(),
      last: new Date(T0 + 4 * 60_000).toISOString(),
    });
    expect(await sets.coverage('GOLD', '1m')).toBeNull();
  });

  it('leaves file and row as they were when the row cannot be saved', async () => {
    const rows = new MemoryRows();
    const sets = new MarketDataSets(rows, new BarStore(dir));
    await sets.merge('GOLD', '1m', bars(3, 1900), source('a.csv'));
    vi.spyOn(rows, 'save').mockRejectedValueOnce(new Error('database down'));
    await expect(sets.merge('GOLD', '1m', bars(3, 2000, 1), source('b.csv'))).rejects.toThrow(
      'database down',
    );
    const stored = await sets.loadBars('GOLD', '1m');
    expect(Array.from(stored?.c ?? [])).toEqual([1900, 1900, 1900]);
    expect(rows.rows.get('GOLD-1m')?.rows).toBe(3);
  });

  it('drops the least recently read sets past its memory budget', async () => {
    const store = new BarStore(dir);
    for (const market of ['GOLD', 'NASDAQ', 'EURUSD'] as const) await store.merge(market, '1m', bars(100, 1));
    const read = vi.spyOn(store, 'read');
    // Room for two sets of 100 bars (40 bytes each).
    const sets = new MarketDataSets(new MemoryRows(), store, 2 * 100 * 40);
    await sets.loadBars('GOLD', '1m');
    await sets.loadBars('NASDAQ', '1m');
    await sets.loadBars('GOLD', '1m');
    await sets.loadBars('EURUSD', '1m');
    expect(read).toHaveBeenCalledTimes(3);
    await sets.loadBars('GOLD', '1m');
    expect(read).toHaveBeenCalledTimes(3);
    await sets.loadBars('NASDAQ', '1m');
    expect(read).toHaveBeenCalledTimes(4);
  });
});
