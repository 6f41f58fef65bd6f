import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedOwner, type DutyStore } from './feed-owner';

/** singleton_leases as the repository keeps it, on the test's clock. */
class MemoryDuties implements DutyStore {
  readonly holders = new Map<string, { holder: string; expiresAt: number }>();
  /** Holders whose database does not answer. */
  readonly cutOff = new Set<string>();

  holdDuty(name: string, holder: string, leaseMs: number): Promise<boolean> {
    if (this.cutOff.has(holder)) return Promise.reject(new Error('connection refused'));
    const now = performance.now();
    const current = this.holders.get(name);
    if (current && current.holder !== holder && current.expiresAt >= now) return Promise.resolve(false);
    this.holders.set(name, { holder, expiresAt: now + leaseMs });
    return Promise.resolve(true);
  }

  releaseDuty(name: string, holder: string): Promise<void> {
    if (this.holders.get(name)?.holder === holder) this.holders.delete(name);
    return Promise.resolve();
  }
}

const LEASE_MS = 10_000;
const silent = { info: () => undefined, warn: () => undefined };

function ownerOn(store: MemoryDuties, holder: string, running: string[]) {
  return new FeedOwner({
    store,
    holder,
    leaseMs: LEASE_MS,
    logger: silent,
    startFeeds: () => {
      running.push(holder);
      return Promise.resolve({
        stop: () => {
          running.splice(running.indexOf(holder), 1);
          return Promise.resolve();
        },
      });
    },
  });
}

describe('the price feed across processes', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs in one process only, and in another once the first stops renewing', async () => {
    const store = new MemoryDuties();
    const running: string[] = [];
    const first = ownerOn(store, 'first', running);
    const second = ownerOn(store, 'second', running);
    await first.start();
    await second.start();
    await vi.advanceTimersByTimeAsync(LEASE_MS);
    expect(running).toEqual(['first']);
    expect(first.owns()).toBe(true);
    expect(second.owns()).toBe(false);

    // The first loses its database: it stops its feeds before the lease lets the second in.
    store.cutOff.add('first');
    await vi.advanceTimersByTimeAsync(LEASE_MS * 0.8);
    expect(running).toEqual([]);
    await vi.advanceTimersByTimeAsync(LEASE_MS * 0.6);
    expect(running).toEqual(['second']);
    store.cutOff.delete('first');
    await first.close();
    await second.close();
    expect(running).toEqual([]);
  });

  it('hands the feed over at once when its owner stops on purpose', async () => {
    const store = new MemoryDuties();
    const running: string[] = [];
    const first = ownerOn(store, 'first', running);
    const second = ownerOn(store, 'second', running);
    await first.start();
    await second.start();
    await first.close();
    await vi.advanceTimersByTimeAsync(LEASE_MS / 5);
    expect(running).toEqual(['second']);
    await second.close();
  });
});
