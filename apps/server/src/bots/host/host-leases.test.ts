import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostLeases, type LeaseStore } from './host-leases';

/** The leases of one database, as the repository keeps them, on a clock the test moves. */
class MemoryLeaseStore implements LeaseStore {
  get clock(): number {
    return performance.now();
  }
  /** Running investments by account. */
  readonly running = new Map<string, string[]>();
  readonly leases = new Map<
    string,
    { host: string; expiresAt: number; acquiredAt: number; wantedBy?: string }
  >();
  readonly hosts = new Map<string, number>();
  failing = false;

  private check(): void {
    if (this.failing) throw new Error('connection refused');
  }

  beat(host: string, _capacity: number, leaseMs: number): Promise<void> {
    this.check();
    this.hosts.set(host, this.clock + leaseMs);
    return Promise.resolve();
  }

  renew(host: string, leaseMs: number): Promise<string[]> {
    this.check();
    const held: string[] = [];
    for (const [account, lease] of this.leases)
      if (lease.host === host && !lease.wantedBy) {
        lease.expiresAt = this.clock + leaseMs;
        held.push(account);
      }
    return Promise.resolve(held);
  }

  releaseIdle(host: string): Promise<void> {
    this.check();
    for (const [account, lease] of this.leases)
      if (lease.host === host && (this.running.get(account) ?? []).length === 0) this.leases.delete(account);
    return Promise.resolve();
  }

  share(host: string) {
    this.check();
    const hosts = [...this.hosts.values()].filter((expiry) => expiry > this.clock).length;
    const accounts = [...this.running.values()].filter((ids) => ids.length > 0).length;
    const asked = [...this.leases.values()].filter(
      (lease) => lease.wantedBy === host && lease.expiresAt >= this.clock,
    ).length;
    return Promise.resolve({ hosts: Math.max(1, hosts), accounts, asked });
  }

  surplus(host: string, fairShare: number, limit: number) {
    this.check();
    const byHost = new Map<string, string[]>();
    for (const [account, lease] of this.leases)
      if (lease.host !== host && !lease.wantedBy && lease.expiresAt >= this.clock)
        byHost.set(lease.host, [...(byHost.get(lease.host) ?? []), account]);
    const acquired = (account: string) => this.leases.get(account)?.acquiredAt ?? 0;
    const surplus = [...byHost.entries()].flatMap(([holder, held]) =>
      held
        .sort((a, b) => acquired(b) - acquired(a))
        .slice(0, Math.max(0, held.length - fairShare))
        .map((accountId) => ({ accountId, host: holder, bots: this.running.get(accountId)?.length ?? 0 })),
    );
    return Promise.resolve(surplus.slice(0, limit));
  }

  ask(host: string, accountIds: readonly string[]): Promise<string[]> {
    this.check();
    const asked: string[] = [];
    for (const account of accountIds) {
      const lease = this.leases.get(account);
      if (!lease || lease.host === host || lease.wantedBy || lease.expiresAt < this.clock) continue;
      lease.wantedBy = host;
      asked.push(account);
    }
    return Promise.resolve(asked);
  }

  claimable(limit: number) {
    this.check();
    const free = [...this.running.entries()].filter(([account, ids]) => {
      const lease = this.leases.get(account);
      return ids.length > 0 && (!lease || lease.expiresAt < this.clock);
    });
    return Promise.resolve(free.slice(0, limit).map(([accountId, ids]) => ({ accountId, bots: ids.length })));
  }

  claim(host: string, accountIds: readonly string[], leaseMs: number): Promise<string[]> {
    this.check();
    const got: string[] = [];
    for (const account of accountIds) {
      const lease = this.leases.get(account);
      if (lease && lease.expiresAt >= this.clock) continue;
      this.leases.set(account, { host, expiresAt: this.clock + leaseMs, acquiredAt: this.clock });
      got.push(account);
    }
    return Promise.resolve(got);
  }

  askedOf(host: string) {
    this.check();
    return Promise.resolve(
      [...this.leases.entries()]
        .filter(([, lease]) => lease.host === host && lease.wantedBy)
        .map(([accountId]) => ({ accountId, investmentIds: this.running.get(accountId) ?? [] })),
    );
  }

  handOver(host: string, accountIds: readonly string[]): Promise<void> {
    this.check();
    for (const account of accountIds) {
      const lease = this.leases.get(account);
      if (lease?.host === host && lease.wantedBy) this.leases.delete(account);
    }
    return Promise.resolve();
  }

  runningOf(host: string): Promise<string[]> {
    this.check();
    return Promise.resolve(
      [...this.leases.entries()]
        .filter(([, lease]) => lease.host === host && !lease.wantedBy)
        .flatMap(([account]) => this.running.get(account) ?? []),
    );
  }

  releaseAll(host: string): Promise<void> {
    for (const [account, lease] of this.leases) if (lease.host === host) this.leases.delete(account);
    this.hosts.delete(host);
    return Promise.resolve();
  }
}

const LEASE_MS = 10_000;
const silent = { info: () => undefined, warn: () => undefined };

function hostOn(store: MemoryLeaseStore, host: string, capacity = 100) {
  return new HostLeases({ store, host, capacity, leaseMs: LEASE_MS, logger: silent });
}

describe('a bot host’s leases', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shares the accounts with the other live hosts instead of taking them all', async () => {
    const store = new MemoryLeaseStore();
    for (const account of ['a1', 'a2', 'a3', 'a4']) store.running.set(account, [`${account}-bot`]);
    const first = hostOn(store, 'first');
    const second = hostOn(store, 'second');
    // Both hosts beat before either claims, as two hosts started together do within a renewal.
    await store.beat('second', 100, LEASE_MS);
    await first.renewNow();
    await second.renewNow();

    expect(first.runningInvestmentIds()).toHaveLength(2);
    expect(second.runningInvestmentIds()).toHaveLength(2);
    const all = [...first.runningInvestmentIds(), ...second.runningInvestmentIds()].sort();
    expect(all).toEqual(['a1-bot', 'a2-bot', 'a3-bot', 'a4-bot']);
  });

  it('keeps an account’s bots together and stops at its capacity', async () => {
    const store = new MemoryLeaseStore();
    store.running.set('big', ['b1', 'b2', 'b3']);
    store.running.set('small', ['s1']);
    const host = hostOn(store, 'only', 3);
    await host.renewNow();

    expect(host.runningInvestmentIds().sort()).toEqual(['b1', 'b2', 'b3']);
    expect(host.holds('s1')).toBe(false);
  });

  it('takes its share from a host that holds every account, never with a bot on both hosts', async () => {
    const store = new MemoryLeaseStore();
    const accounts = ['a1', 'a2', 'a3', 'a4'];
    for (const account of accounts) store.running.set(account, [`${account}-bot`]);
    const first = hostOn(store, 'first');
    await first.renewNow();
    expect(first.runningInvestmentIds()).toHaveLength(4);
    const late = hostOn(store, 'late');
    const onBoth = () =>
      accounts.filter((account) => first.holds(`${account}-bot`) && late.holds(`${account}-bot`));

    // The late host asks for the two accounts first took last; first stops their bots at its next
    // renewal and no longer extends their leases.
    await late.renewNow();
    expect(late.runningInvestmentIds()).toEqual([]);
    await first.renewNow();
    expect(first.runningInvestmentIds()).toHaveLength(2);
    expect(onBoth()).toEqual([]);

    // They pass over once their leases have run out, not before.
    vi.advanceTimersByTime(LEASE_MS / 2);
    await first.renewNow();
    await late.renewNow();
    expect(late.runningInvestmentIds()).toEqual([]);
    vi.advanceTimersByTime(LEASE_MS / 2 + 1);
    await first.renewNow();
    await late.renewNow();
    expect(late.runningInvestmentIds()).toHaveLength(2);
    expect(first.runningInvestmentIds()).toHaveLength(2);
    expect(onBoth()).toEqual([]);

    // And it stays so: nobody asks again.
    await first.renewNow();
    await late.renewNow();
    expect([...store.leases.values()].filter((lease) => lease.wantedBy)).toEqual([]);
    expect(late.runningInvestmentIds()).toHaveLength(2);
  });

  it('hands an asked-for account over once its bots have stopped, before its lease runs out', async () => {
    const store = new MemoryLeaseStore();
    for (const account of ['a1', 'a2']) store.running.set(account, [`${account}-bot`]);
    const first = hostOn(store, 'first');
    await first.renewNow();
    const late = hostOn(store, 'late');
    await late.renewNow();
    await first.renewNow();
    const [given] = [...store.leases.entries()].filter(([, lease]) => lease.wantedBy === 'late');
    const givenBot = `${given![0]}-bot`;
    expect(first.holds(givenBot)).toBe(false);

    // Its bot still in this host's pm2: the account stays until it has stopped.
    await first.handOver(new Set(['a1-bot', 'a2-bot']));
    await late.renewNow();
    expect(late.holds(givenBot)).toBe(false);

    await first.handOver(new Set(first.runningInvestmentIds()));
    await late.renewNow();
    expect(late.holds(givenBot)).toBe(true);
    expect(first.runningInvestmentIds()).toHaveLength(1);
    expect(late.runningInvestmentIds()).toEqual([givenBot]);
  });

  it('asks for no more than its capacity holds', async () => {
    const store = new MemoryLeaseStore();
    for (const account of ['a1', 'a2', 'a3', 'a4']) store.running.set(account, [`${account}-bot`]);
    await hostOn(store, 'first').renewNow();
    await hostOn(store, 'small', 1).renewNow();
    expect([...store.leases.values()].filter((lease) => lease.wantedBy === 'small')).toHaveLength(1);
  });

  it('takes over the accounts of a host that stopped renewing once its lease has expired, not before', async () => {
    const store = new MemoryLeaseStore();
    store.running.set('acc', ['bot']);
    const dying = hostOn(store, 'dying');
    await dying.renewNow();
    const heir = hostOn(store, 'heir');

    vi.advanceTimersByTime(LEASE_MS - 1);
    await heir.renewNow();
    expect(heir.holds('bot')).toBe(false);

    vi.advanceTimersByTime(2);
    await heir.renewNow();
    expect(heir.holds('bot')).toBe(true);
  });

  it('stops believing its leases before the database lets another host take them', async () => {
    const store = new MemoryLeaseStore();
    store.running.set('acc', ['bot']);
    const host = hostOn(store, 'cut-off');
    const changes: string[][] = [];
    host.onChange(() => changes.push(host.runningInvestmentIds()));
    await host.renewNow();
    expect(host.holds('bot')).toBe(true);

    store.failing = true;
    vi.advanceTimersByTime(LEASE_MS * 0.5);
    await host.renewNow();
    expect(host.holds('bot')).toBe(true);
    expect(host.state().valid).toBe(true);

    // Told when the belief ends, not at the next renewal: the supervisor stops the bots then.
    vi.advanceTimersByTime(LEASE_MS * 0.1 + 1);
    expect(changes).toEqual([['bot'], []]);
    expect(host.holds('bot')).toBe(false);
    expect(host.runningInvestmentIds()).toEqual([]);
    await host.renewNow();
    expect(host.state()).toMatchObject({ valid: false, bots: 0 });
    expect(host.state().lostReason).toContain('connection refused');
    // The database still counts the lease for 40% of it: nobody else could trade the account yet.
    expect(store.leases.get('acc')?.expiresAt).toBeGreaterThan(store.clock);

    store.failing = false;
    await host.renewNow();
    expect(host.holds('bot')).toBe(true);
    expect(changes).toEqual([['bot'], [], ['bot']]);
  });

  it('still stops its bots when the expiry timer fires before the clock reaches the lease’s end', async () => {
    const store = new MemoryLeaseStore();
    store.running.set('acc', ['bot']);
    const warnings: string[] = [];
    const host = new HostLeases({
      store,
      host: 'busy-loop',
      capacity: 100,
      leaseMs: LEASE_MS,
      logger: { info: () => undefined, warn: (_fields: object, message: string) => warnings.push(message) },
    });
    const changes: string[][] = [];
    host.onChange(() => changes.push(host.runningInvestmentIds()));
    await host.renewNow();
    store.failing = true;
    // A busy event loop armed the expiry timer from a cached time: it fires 5 ms before the
    // monotonic clock reaches the end of the leases' belief.
    const monotonic = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => monotonic() - 5);

    vi.advanceTimersByTime(LEASE_MS * 0.6 + 1);
    expect(host.holds('bot')).toBe(true);
    vi.advanceTimersByTime(10);
    expect(host.holds('bot')).toBe(false);
    expect(changes).toEqual([['bot'], []]);
    expect(warnings).toContain('bot host stops its bots');
  });

  it('lets go of an account with nothing left to run, and of every account when it closes', async () => {
    const store = new MemoryLeaseStore();
    store.running.set('done', ['old']);
    store.running.set('busy', ['live']);
    const host = hostOn(store, 'tidy');
    await host.renewNow();
    store.running.set('done', []);
    await host.renewNow();
    expect([...store.leases.keys()]).toEqual(['busy']);

    await host.close();
    expect(store.leases.size).toBe(0);
    expect(host.holds('live')).toBe(false);
  });
});
