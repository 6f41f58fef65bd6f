// The replay starts with its first bar whenever in the wall minute it starts, at any speed.
import type { Bars } from '@platform/engine';
import { describe, expect, it } from 'vitest';
import { ReplaySchedule } from './replay-schedule';

function risingBars(count: number): Bars {
  const t = Float64Array.from({ length: count }, (_, index) => Date.UTC(2025, 6, 1, 11, 30) + index * 60_000);
  const o = Float64Array.from({ length: count }, (_, index) => 2000 + index);
  return {
    t,
    o,
    h: o.map((open) => open + 0.5),
    l: o.map((open) => open - 0.5),
    c: o.map((open) => open + 0.25),
  };
}

describe('the replay schedule', () => {
  const startedAt = Date.UTC(2026, 0, 6, 11, 30, 55);

  it('plays its first bar first when started 55 s into a wall minute at 60 times real time', () => {
    const bars = risingBars(100);
    const schedule = new ReplaySchedule('GOLD', bars, { speed: 60, startedAt, first: 0 });
    const [first] = schedule.eventsUntil(startedAt);
    expect(first).toMatchObject({ kind: 'open', price: 2000, sourceTime: bars.t[0] });
    // A bar a second: the next bar opens a second later.
    const next = schedule.eventsUntil(startedAt + 1000).find((event) => event.kind === 'open');
    expect(next).toMatchObject({ price: 2001, sourceTime: bars.t[1] });
  });

  it("at real time, keeps a bar's prices in their wall minute", () => {
    const bars = risingBars(3);
    const schedule = new ReplaySchedule('GOLD', bars, { speed: 1, startedAt, first: 0 });
    const played = schedule.eventsUntil(startedAt);
    expect(played.map((event) => event.time)).toEqual(
      [0, 15_000, 30_000, 45_000].map((offset) => Date.UTC(2026, 0, 6, 11, 30) + offset),
    );
    expect(played.every((event) => event.sourceTime === bars.t[0])).toBe(true);
  });
});
