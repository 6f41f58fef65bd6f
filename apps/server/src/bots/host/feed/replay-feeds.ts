// The default price feed (DESIGN.md section 7): each market's stored 1m bars replayed on the wall
// clock, so a fresh install has moving prices with no broker and no key. The last weeks of
// stored bars are kept (a copy: the rest of the set is let go) and played from now's minute of
// the week, again and again.
import type { Market } from '@platform/contracts';
import { lowerBound, type Bars } from '@platform/engine';
import type { PriceHistory } from '../../../modules/marketdata/price-history';
import type { PriceEvent } from '../../protocol/hub-protocol';
import { ReplaySchedule, replayStartIndex } from './replay-schedule';

export interface ReplayFeedsOptions {
  prices: PriceHistory;
  markets: readonly Market[];
  /** 1 is real time; 60 plays an hour of bars in a minute. */
  speed: number;
  publish: (event: PriceEvent) => void;
  /** How many days of the newest stored bars are replayed. */
  windowDays?: number;
  /** A wall time whose minute of the week picks the first bar (default: the start's); the bench pins it to compare runs. */
  from?: number;
  now?: () => number;
}

/** Shortest sleep of a replay: faster replays hand out several prices per wake-up. */
const MIN_WAKE_MS = 10;

export class ReplayFeeds {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: ReplayFeedsOptions) {}

  /** Starts a replay for each market with stored bars; returns the markets that have one. */
  async start(): Promise<Market[]> {
    const now = this.options.now ?? Date.now;
    const started: Market[] = [];
    for (const market of this.options.markets) {
      const stored = await this.options.prices.loadBars(market, '1m');
      if (!stored || stored.t.length === 0) continue;
      const window = newestDays(stored, this.options.windowDays ?? 28);
      const schedule = new ReplaySchedule(market, window, {
        speed: this.options.speed,
        startedAt: now(),
        first: replayStartIndex(window.t, this.options.from ?? now()),
      });
      // Each wake-up is timed for the next price, so a price goes out when it is due, not up to a tick late.
      const wake = () => {
        for (const event of schedule.eventsUntil(now())) this.options.publish(event);
        if (this.stopped) return;
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            wake();
          },
          Math.max(MIN_WAKE_MS, schedule.nextDueAt - now()),
        );
        timer.unref();
        this.timers.add(timer);
      };
      wake();
      started.push(market);
    }
    return started;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** A copy of the bars of the last `days` days of the set. */
function newestDays(bars: Bars, days: number): Bars {
  const last = bars.t[bars.t.length - 1] as number;
  const start = lowerBound(bars.t, last - days * 86_400_000);
  const copy = (column: Float64Array) => column.slice(start);
  return { t: copy(bars.t), o: copy(bars.o), h: copy(bars.h), l: copy(bars.l), c: copy(bars.c) };
}
