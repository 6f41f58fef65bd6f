import type { LiveCandle } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_CANDLES, nextCandleStep } from './candle-updates';

const MINUTE = 60;
const START = 1_790_000_040;

/** A candle of the given minute after START; `close` tells candles of the same minute apart. */
const candle = (minute: number, close = 100): LiveCandle => ({
  time: START + minute * MINUTE,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
});
const minutes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => candle(from + index));

describe('nextCandleStep', () => {
  it('draws the first candles whole', () => {
    const poll = minutes(0, 2);
    expect(nextCandleStep(null, poll)).toEqual({
      kind: 'replace',
      candles: poll,
      shown: { lastTime: candle(2).time, count: 3 },
    });
  });

  it('updates only the growing candle while no new one has started', () => {
    const poll = [...minutes(0, 1), candle(2, 104)];
    const step = nextCandleStep({ lastTime: candle(2).time, count: 3 }, poll);
    expect(step).toEqual({
      kind: 'update',
      candles: [candle(2, 104)],
      shown: { lastTime: candle(2).time, count: 3 },
    });
  });

  it('settles the last shown candle and appends the new ones, in order', () => {
    const poll = [...minutes(1, 2), candle(3, 99), candle(4, 101)];
    const step = nextCandleStep({ lastTime: candle(2).time, count: 3 }, poll);
    expect(step).toEqual({
      kind: 'update',
      candles: [candle(2), candle(3, 99), candle(4, 101)],
      shown: { lastTime: candle(4).time, count: 5 },
    });
  });

  it('starts again when the poll leaves a gap after the last shown candle', () => {
    const poll = minutes(10, 12);
    expect(nextCandleStep({ lastTime: candle(2).time, count: 3 }, poll)).toMatchObject({
      kind: 'replace',
      candles: poll,
    });
  });

  it('starts again when the feed went back before the last shown candle', () => {
    const poll = minutes(0, 1);
    expect(nextCandleStep({ lastTime: candle(5).time, count: 6 }, poll)).toMatchObject({
      kind: 'replace',
      candles: poll,
    });
  });

  it('empties the chart when the feed has no candles any more', () => {
    expect(nextCandleStep({ lastTime: candle(2).time, count: 3 }, [])).toEqual({
      kind: 'replace',
      candles: [],
      shown: null,
    });
    expect(nextCandleStep(null, [])).toEqual({ kind: 'replace', candles: [], shown: null });
  });

  it('starts again from the poll once appending would keep too many candles', () => {
    const poll = minutes(0, 3);
    const full = { lastTime: candle(2).time, count: MAX_SHOWN_CANDLES };
    expect(nextCandleStep(full, poll)).toEqual({
      kind: 'replace',
      candles: poll,
      shown: { lastTime: candle(3).time, count: 4 },
    });
    // Growing the last candle adds none, so it stays an update.
    expect(nextCandleStep(full, minutes(0, 2))).toMatchObject({ kind: 'update' });
  });
});
