// The cache answers a job with what an earlier one prepared only when both read the very same
// bars, EURUSD closes and instrument; an upload to the market, or to EURUSD, drops the entries.
import { prepareBars, sliceBars, fallbackFx } from '@platform/engine';
import { describe, expect, it, vi } from 'vitest';
import type { GridJob } from './engine-executor';
import { PreparedBarsCache } from './prepared-bars-cache';
import { oscillatingBars } from '../../test/support/memory-prices';

const instrument = { point: 0.1, contractSize: 100, spreadPoints: 3 };
const bars = oscillatingBars('2024-03-04', 2);
const fx = { t: Float64Array.of(Date.parse('2024-03-03T12:00:00Z')), c: Float64Array.of(1.08) };
const job = (overrides: Partial<GridJob> = {}): GridJob => ({
  market: 'GOLD',
  bars,
  instrument,
  fx,
  params: [],
  ...overrides,
});
const preparer = () =>
  vi.fn((of: GridJob) =>
    Promise.resolve({ prepared: prepareBars(of.bars, of.instrument, fallbackFx()), fxFallback: false }),
  );

describe('prepared bars cache', () => {
  it('prepares bars once for jobs that read the same arrays, again for another slice, closes or instrument', async () => {
    const cache = new PreparedBarsCache();
    const prepare = preparer();
    const first = await cache.prepared(job(), prepare);
    expect(await cache.prepared(job({ params: [] }), prepare)).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);

    await cache.prepared(job({ bars: sliceBars(bars, 1, bars.t.length) }), prepare);
    await cache.prepared(job({ fx: { t: fx.t, c: Float64Array.of(1.08) } }), prepare);
    await cache.prepared(job({ fx: null }), prepare);
    await cache.prepared(job({ instrument: { ...instrument, spreadPoints: 2 } }), prepare);
    expect(prepare).toHaveBeenCalledTimes(5);
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it("forgets a market's entries on its upload, and every entry on an EURUSD upload", async () => {
    const cache = new PreparedBarsCache();
    const prepare = preparer();
    await cache.prepared(job(), prepare);
    await cache.prepared(job({ market: 'NASDAQ' }), prepare);
    cache.forget('NASDAQ');
    await cache.prepared(job(), prepare);
    expect(prepare).toHaveBeenCalledTimes(2);
    cache.forget('EURUSD');
    expect(cache.bytes).toBe(0);
    await cache.prepared(job(), prepare);
    expect(prepare).toHaveBeenCalledTimes(3);
  });

  it("drops the entries of a market's older bars, or older EURUSD closes, once a job brings new ones", async () => {
    const cache = new PreparedBarsCache();
    const prepare = preparer();
    const reread = oscillatingBars('2024-03-04', 2);
    await cache.prepared(job(), prepare);
    const one = cache.bytes;
    await cache.prepared(job({ market: 'NASDAQ', bars: reread }), prepare);
    await cache.prepared(job({ bars: reread }), prepare);
    expect(cache.bytes).toBe(2 * one);
    await cache.prepared(
      job({ bars: reread, fx: { t: Float64Array.of(1), c: Float64Array.of(1.1) } }),
      prepare,
    );
    expect(cache.bytes).toBe(one);
    await cache.prepared(job(), prepare);
    expect(prepare).toHaveBeenCalledTimes(5);
  });

  it('keeps within its budget, oldest out first', async () => {
    const cache = new PreparedBarsCache(1);
    const prepare = preparer();
    await cache.prepared(job(), prepare);
    await cache.prepared(job({ fx: null }), prepare);
    await cache.prepared(job({ fx: null }), prepare);
    await cache.prepared(job(), prepare);
    expect(prepare).toHaveBeenCalledTimes(3);
  });
});
