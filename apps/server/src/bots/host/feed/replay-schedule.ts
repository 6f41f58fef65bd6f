// The replay feed's timetable (DESIGN.md section 7): stored 1m bars played on the wall clock, each
// bar as the price path of engine.md section 2 (its open, then the three turning points), at a
// chosen speed. Bar k starts at origin + k · 60 s / speed; its four prices come a quarter of a bar
// apart and carry that wall time (transactions and charts show when things happened here) and
// the bar's own time (which picks the fx rate, as in a backtest of the same bars). Pure: the
// caller says what time it is.
import type { Market } from '@platform/contracts';
import { barPath, type Bars } from '@platform/engine';
import type { PriceEvent } from '../../protocol/hub-protocol';

const BAR_MS = 60_000;
const TICKS_PER_BAR = 4;
/** More bars than this behind (the process slept): the feed skips ahead rather than replaying them all at once. */
const MAX_BACKLOG_BARS = 50;

export interface ReplayOptions {
  speed: number;
  /**
   * Wall time the replay starts at (ms). The first bar starts at the beginning of the bar's slot
   * of wall time at this speed (a wall minute at real time, a second at 60×): the bar under way.
   */
  startedAt: number;
  /** Index of the first bar played; after the last bar it starts again from 0. */
  first: number;
}

export class ReplaySchedule {
  private readonly barWallMs: number;
  private readonly origin: number;
  /** Next tick to emit, counted from the first bar: bar = tick / 4, its point = tick % 4. */
  private nextTick = 0;

  constructor(
    private readonly market: Market,
    private readonly bars: Bars,
    private readonly options: ReplayOptions,
  ) {
    if (bars.t.length === 0) throw new Error('a replay needs bars');
    this.barWallMs = BAR_MS / options.speed;
    // Not the wall minute at every speed: at 60×, a start late in a minute would find 50 bars
    // due at once, and the backlog rule would skip them.
    this.origin = Math.floor(options.startedAt / this.barWallMs) * this.barWallMs;
  }

  /** Wall time between two prices. */
  get tickWallMs(): number {
    return this.barWallMs / TICKS_PER_BAR;
  }

  /** Wall time at which the next price not handed out yet is due. */
  get nextDueAt(): number {
    return this.origin + this.nextTick * this.tickWallMs;
  }

  /** Every price due by wall time `now` that was not handed out yet, in order. */
  eventsUntil(now: number): PriceEvent[] {
    const due = Math.floor((now - this.origin) / this.tickWallMs) + 1;
    if (due - this.nextTick > MAX_BACKLOG_BARS * TICKS_PER_BAR) {
      // Skip to the start of a recent bar: a bot sees a gap, as after any pause in a live market.
      this.nextTick = (Math.floor(due / TICKS_PER_BAR) - 1) * TICKS_PER_BAR;
    }
    const events: PriceEvent[] = [];
    for (; this.nextTick < due; this.nextTick++) events.push(this.event(this.nextTick));
    return events;
  }

  private event(tick: number): PriceEvent {
    const slot = Math.floor(tick / TICKS_PER_BAR);
    const point = tick % TICKS_PER_BAR;
    const count = this.bars.t.length;
    const index = (this.options.first + slot) % count;
    const open = this.bars.o[index] as number;
    const price =
      point === 0
        ? open
        : (barPath(
            open,
            this.bars.h[index] as number,
            this.bars.l[index] as number,
            this.bars.c[index] as number,
          )[point - 1] as number);
    return {
      market: this.market,
      kind: point === 0 ? 'open' : 'move',
      price,
      time: this.origin + tick * this.tickWallMs,
      sourceTime: this.bars.t[index] as number,
    };
  }
}

/** The bar to start from: the one at now's minute of the week in the last stored week, so a replay looks like today's market. */
export function replayStartIndex(times: Float64Array, now: number): number {
  const week = 7 * 24 * 3_600_000;
  const last = times[times.length - 1] as number;
  const target = last - week + ((now - (last - week)) % week);
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < target) low = middle + 1;
    else high = middle;
  }
  return low < times.length ? low : 0;
}
