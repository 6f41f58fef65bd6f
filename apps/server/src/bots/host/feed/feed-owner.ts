// The price feed across processes on one PostgreSQL (issue 34): one process at a time runs the
// feeds (the replay of stored bars, or the broker's streams) and sends their prices on the bus;
// which one is decided by a lease of the database (singleton_leases 'price-feed'), renewed a
// fifth of the lease apart. The owner that stops renewing stops its feeds once it can no longer
// believe its lease (like a bot host, host-leases.ts), and another process takes the feed over
// when the lease has expired: the prices pause for about one lease, and never come twice.
import type { Logger } from '../../../lib/logger';
import type { PriceFeeds } from './price-feeds';

export interface DutyStore {
  holdDuty(name: string, holder: string, leaseMs: number): Promise<boolean>;
  releaseDuty(name: string, holder: string): Promise<void>;
}

export interface FeedOwnerOptions {
  store: DutyStore;
  /** This process's name among the holders. */
  holder: string;
  leaseMs: number;
  /** Starts the feeds, sending on the bus. */
  startFeeds: () => Promise<PriceFeeds>;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export const FEED_DUTY = 'price-feed';
/** The share of the lease after a renewal's start during which the owner believes it (host-leases.ts). */
const LOCAL_VALIDITY = 0.6;

export class FeedOwner {
  private feeds: PriceFeeds | null = null;
  private starting: Promise<void> | null = null;
  private validUntil = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private closed = false;

  constructor(private readonly options: FeedOwnerOptions) {}

  /** Monotonic: a change of the wall clock never stretches the lease. */
  private now(): number {
    return performance.now();
  }

  /** Whether this process runs the feed now. */
  owns(): boolean {
    return this.feeds !== null && this.now() < this.validUntil;
  }

  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tickUnlessUnderWay(), this.options.leaseMs / 5);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.starting;
    await this.stopFeeds();
    await this.options.store.releaseDuty(FEED_DUTY, this.options.holder).catch(() => undefined);
  }

  /** A renewal that hangs (the database does not answer) is not joined by more; the feeds still stop on time. */
  private async tickUnlessUnderWay(): Promise<void> {
    if (!this.ticking) {
      this.ticking = true;
      await this.tick().finally(() => {
        this.ticking = false;
      });
    } else if (this.feeds && this.now() >= this.validUntil) {
      this.options.logger.warn(
        { holder: this.options.holder },
        'price feed lease not renewed in time: feeds stopped',
      );
      await this.stopFeeds();
    }
  }

  private async tick(): Promise<void> {
    const started = this.now();
    let held = false;
    try {
      held = await this.options.store.holdDuty(FEED_DUTY, this.options.holder, this.options.leaseMs);
    } catch (error) {
      this.options.logger.warn({ error: String(error) }, 'price feed lease not renewed');
    }
    if (this.closed) return;
    if (held) {
      this.validUntil = started + this.options.leaseMs * LOCAL_VALIDITY;
      if (!this.feeds && !this.starting) {
        this.starting = this.options
          .startFeeds()
          .then((feeds) => {
            this.feeds = feeds;
            this.options.logger.info({ holder: this.options.holder }, 'this process runs the price feed');
          })
          .catch((error: unknown) =>
            this.options.logger.warn({ error: String(error) }, 'price feed not started'),
          )
          .finally(() => {
            this.starting = null;
          });
      }
    } else if (this.feeds && this.now() >= this.validUntil) {
      this.options.logger.warn({ holder: this.options.holder }, 'price feed lease lost: feeds stopped');
      await this.stopFeeds();
    }
  }

  private async stopFeeds(): Promise<void> {
    const feeds = this.feeds;
    this.feeds = null;
    await feeds?.stop();
  }
}
