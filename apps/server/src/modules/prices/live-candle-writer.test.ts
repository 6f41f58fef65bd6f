import type { LiveCandle } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { manualTimers } from '../../../test/support/capital/capital-test-fixtures';
import { BATCH_SIZE, FLUSH_AFTER_MS, LiveCandleWriter } from './live-candle-writer';
import type { MarketCandle } from './live-candles.repository';

const candle = (time: number, close = 2010): LiveCandle => ({
  time,
  open: 2010,
  high: 2012,
  low: 2008,
  close,
});

/** A store that fails while `down` is set, and otherwise keeps every batch it is given. */
function memoryStore() {
  const batches: MarketCandle[][] = [];
  const waiters: (() => void)[] = [];
  const store = {
    down: false,
    batches,
    save(candles: MarketCandle[]) {
      if (store.down) return Promise.reject(new Error('connection refused'));
      batches.push(candles);
      waiters.splice(0).forEach((wake) => wake());
      return Promise.resolve();
    },
    /** Resolves once the next batch is stored. */
    nextBatch: () => new Promise<void>((resolve) => waiters.push(resolve)),
  };
  return store;
}

function writerOver(store: ReturnType<typeof memoryStore>) {
  const clock = manualTimers(0);
  const warnings: string[] = [];
  const writer = new LiveCandleWriter(store, clock.timers, {
    warn: (_fields, message) => warnings.push(message),
  });
  return { writer, clock, warnings };
}

describe('the live candle writer', () => {
  it('writes a full batch at once and the rest after a few seconds', async () => {
    const store = memoryStore();
    const { writer, clock } = writerOver(store);
    const written = store.nextBatch();
    for (let index = 0; index < BATCH_SIZE; index++) writer.closed('GOLD', candle(index * 60));
    // Written without the clock moving.
    await written;
    expect(store.batches.map((batch) => batch.length)).toEqual([BATCH_SIZE]);
    expect(clock.pendingDelays()).toEqual([]);

    writer.closed('EURUSD', candle(0));
    expect(clock.pendingDelays()).toEqual([FLUSH_AFTER_MS]);
    clock.advance(FLUSH_AFTER_MS);
    await writer.flush();
    expect(store.batches.at(-1)).toEqual([{ market: 'EURUSD', candle: candle(0) }]);
  });

  it('logs a failed write and writes its candles with the next batch, the newest values winning', async () => {
    const store = memoryStore();
    const { writer, clock, warnings } = writerOver(store);
    store.down = true;
    writer.closed('GOLD', candle(60));
    writer.closed('GOLD', candle(120));
    // The feed is never held up nor thrown at: the failure is the writer's to log.
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(warnings).toEqual(['live candles not stored: tried again with the next batch']);
    expect(clock.pendingDelays()).toEqual([FLUSH_AFTER_MS]);

    store.down = false;
    writer.closed('GOLD', candle(120, 1999));
    writer.closed('GOLD', candle(180));
    clock.advance(FLUSH_AFTER_MS);
    await writer.flush();
    expect(store.batches).toEqual([
      [
        { market: 'GOLD', candle: candle(60) },
        { market: 'GOLD', candle: candle(120, 1999) },
        { market: 'GOLD', candle: candle(180) },
      ],
    ]);
  });
});
