import type { LiveCandle, Market } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import type { PriceEvent } from '../../protocol/hub-protocol';
import { CandleBook } from './candle-book';

const at = (market: Market, kind: PriceEvent['kind'], price: number, seconds: number): PriceEvent => ({
  market,
  kind,
  price,
  time: seconds * 1000,
  sourceTime: seconds * 1000,
});

describe('the candle book’s closed candles', () => {
  it('hands a candle over once the next one starts, and the growing ones when the feed stops', () => {
    const closed: { market: Market; candle: LiveCandle }[] = [];
    const book = new CandleBook((market, candle) => closed.push({ market, candle }));
    book.add(at('GOLD', 'open', 2010, 60));
    book.add(at('GOLD', 'move', 2015, 70));
    book.add(at('NASDAQ', 'open', 15_000, 65));
    // A bar opening within the same second shares the candle: nothing closes.
    book.add(at('GOLD', 'open', 2008, 60));
    expect(closed).toEqual([]);

    book.add(at('GOLD', 'open', 2012, 120));
    expect(closed).toEqual([
      { market: 'GOLD', candle: { time: 60, open: 2010, high: 2015, low: 2008, close: 2008 } },
    ]);
    // What was handed over is a copy: the book's own candles go on growing apart from it.
    closed[0]!.candle.close = 0;
    expect(book.recentCandles('GOLD', 2)[0]?.close).toBe(2008);

    closed.length = 0;
    book.closeGrowing();
    expect(closed).toEqual([
      { market: 'GOLD', candle: { time: 120, open: 2012, high: 2012, low: 2012, close: 2012 } },
      { market: 'NASDAQ', candle: { time: 65, open: 15_000, high: 15_000, low: 15_000, close: 15_000 } },
    ]);
  });
});
