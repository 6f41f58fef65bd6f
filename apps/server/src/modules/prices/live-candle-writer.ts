// Stores the feed's closed candles in batches (issue 36) without ever holding the feed up: a
// candle handed over waits in memory until BATCH_SIZE of them or FLUSH_AFTER_MS has passed, then
// one insert writes them all. A write that fails is logged and its candles go with the next batch.
import type { LiveCandle, Market } from '@platform/contracts';
import type { Timers } from '../../bots/timers';
import type { Logger } from '../../lib/logger';
import type { MarketCandle } from './live-candles.repository';

export interface LiveCandleStore {
  save(candles: MarketCandle[]): Promise<void>;
}

/** Three markets at real time close three candles a minute: a batch every few seconds stays small. */
export const BATCH_SIZE = 100;
export const FLUSH_AFTER_MS = 5000;
/** While the database is away the oldest waiting candles go first: about two days of three markets at real time. */
export const MAX_WAITING = 10_000;

const keyOf = ({ market, candle }: MarketCandle) => `${market}:${candle.time}`;

export class LiveCandleWriter {
  /** By market and time: a candle handed over twice before a write is written once, with its last values. */
  private waiting = new Map<string, MarketCandle>();
  private timer: unknown = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LiveCandleStore,
    private readonly timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** The CandleBook's onClosed: returns at once, the write comes later. */
  readonly closed = (market: Market, candle: LiveCandle): void => {
    const entry = { market, candle };
    this.waiting.set(keyOf(entry), entry);
    if (this.waiting.size === BATCH_SIZE) void this.flush();
    else this.scheduleFlush();
  };

  /** Writes every candle waiting now, after any write under way; never fails. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeWaiting());
    return this.writing;
  }

  private scheduleFlush(): void {
    this.timer ??= this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_AFTER_MS);
  }

  private async writeWaiting(): Promise<void> {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.size === 0) return;
    const batch = [...this.waiting.values()];
    this.waiting = new Map();
    try {
      await this.store.save(batch);
    } catch (error) {
      this.logger.warn(
        { err: error, candles: batch.length },
        'live candles not stored: tried again with the next batch',
      );
      this.giveBack(batch);
      this.scheduleFlush();
    }
  }

  /** The failed batch goes before what arrived meanwhile, whose values are newer. */
  private giveBack(batch: MarketCandle[]): void {
    const retry = new Map(batch.map((entry) => [keyOf(entry), entry]));
    for (const [key, entry] of this.waiting) retry.set(key, entry);
    const dropped = retry.size - MAX_WAITING;
    if (dropped > 0) {
      const keys = [...retry.keys()].slice(0, dropped);
      for (const key of keys) retry.delete(key);
      this.logger.warn({ dropped }, 'live candles dropped: the database has been unreachable too long');
    }
    this.waiting = retry;
  }
}
