// Where a range's period splits for out of sample (hold-out.ts): the last share of the bars, moved
// back to the start of its UTC day.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/bars';
import { holdOutSplit } from '../src/grid/hold-out';

const DAY0 = Date.UTC(2024, 2, 1);
/** `perDay` bars an hour apart on each of `days` days. */
const times = (days: number, perDay: number) =>
  Float64Array.from(
    { length: days * perDay },
    (_, index) => DAY0 + Math.floor(index / perDay) * DAY_MS + (index % perDay) * 3_600_000,
  );

describe('the hold-out split', () => {
  it('holds back the last share of the bars from the start of a day', () => {
    expect(holdOutSplit(times(5, 10), 20)).toBe(40);
    // 25% of 50 bars is 12.5, rounded to 13: bar 37 is on day 3, whose first bar is 30.
    expect(holdOutSplit(times(5, 10), 25)).toBe(30);
  });

  it('holds back nothing at 0 or with too few bars', () => {
    expect(holdOutSplit(times(5, 10), 0)).toBe(50);
    expect(holdOutSplit(times(1, 1), 50)).toBe(1);
    expect(holdOutSplit(new Float64Array(0), 20)).toBe(0);
  });

  it('splits at the bar itself when the period is one day', () => {
    expect(holdOutSplit(times(1, 10), 20)).toBe(8);
  });
});
