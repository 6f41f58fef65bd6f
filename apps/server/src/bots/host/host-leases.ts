// A bot host's share of the running investments on one PostgreSQL (issue 34, DESIGN.md section 7
// 'At scale'). Every renewal (a fifth of the lease) the host beats its heartbeat, extends the
// accounts it holds, lets go of those with nothing to run, and claims unheld or expired accounts
// until it holds its fair share of them (the accounts over the live hosts, rounded up) within its
// capacity. It then knows the running investments whose bots it must keep.
//
// Rebalancing, for a host that joins after the others took every account: a host still below its
// share asks for the surplus of the hosts above theirs. The holder of an asked-for account stops
// its bots at its next renewal and no longer extends that lease; once those bots have ended it
// gives the lease up (handOver), and the asking host claims the account at its next renewal, as
// after a host's death. Should the hand-over not come (the database away), the lease runs out
// instead. Either way the account's bots never run on two hosts at once.
//
// Never trading on a stale lease: the host believes its leases only for LOCAL_VALIDITY of the lease
// after the start of its last successful renewal. Past that (the database did not answer) it holds
// nothing: the hub refuses its bots' calls and the supervisor stops them, while the database
// still counts the leases for the rest of the period; so a host that lost its database has stopped
// trading before any other host can take its accounts over.
import type {
  AccountToClaim,
  BotLeasesRepository,
  HostShare,
} from '../../modules/bots/bot-leases.repository';
import type { Logger } from '../../lib/logger';

export type LeaseStore = Pick<
  BotLeasesRepository,
  | 'beat'
  | 'renew'
  | 'releaseIdle'
  | 'share'
  | 'claimable'
  | 'claim'
  | 'surplus'
  | 'ask'
  | 'askedOf'
  | 'handOver'
  | 'runningOf'
  | 'releaseAll'
>;

export interface HostLeasesOptions {
  store: LeaseStore;
  /** The host's name: unique among the hosts on the database, kept across restarts when configured. */
  host: string;
  /** The most running investments the host takes. */
  capacity: number;
  /** How long a lease lasts unrenewed: a dead host's bots start elsewhere within it. */
  leaseMs: number;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** Part of the lease after a renewal's start during which the host trades on it. */
const LOCAL_VALIDITY = 0.6;
/** Renewals per lease period. */
const RENEWALS_PER_LEASE = 5;

export interface HostLeaseState {
  host: string;
  /** Whether the leases are believed now. */
  valid: boolean;
  accounts: number;
  bots: number;
  /** Why the host holds nothing, while it does not. */
  lostReason: string | null;
}

export class HostLeases {
  private accounts: string[] = [];
  private investments = new Set<string>();
  private validUntil = Number.NEGATIVE_INFINITY;
  private lostReason: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  /** The investments the listeners were last told of: every change is told once, whoever sees it. */
  private told: string[] = [];
  private renewing: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly changeListeners = new Set<() => void>();

  constructor(private readonly options: HostLeasesOptions) {}

  /** Monotonic: a change of the wall clock never stretches a lease. */
  private now(): number {
    return performance.now();
  }

  get host(): string {
    return this.options.host;
  }

  /** Renews at once, then a fifth of the lease after each renewal. */
  async start(): Promise<void> {
    await this.renewNow();
    this.timer = setInterval(() => void this.renewNow(), this.options.leaseMs / RENEWALS_PER_LEASE);
    this.timer.unref();
  }

  /** A renewal now (an investment changed); one more after the one under way if it is under way. */
  renewNow(): Promise<void> {
    if (this.renewing) {
      this.again = true;
      return this.renewing;
    }
    this.renewing = this.renew().finally(() => {
      this.renewing = null;
      if (this.again && !this.closed) {
        this.again = false;
        void this.renewNow();
      }
    });
    return this.renewing;
  }

  /** Whether this host may run the investment's bot now. */
  holds(investmentId: string): boolean {
    return this.valid() && this.investments.has(investmentId);
  }

  /** The investments whose bots this host keeps now: none while its leases are not believed. */
  runningInvestmentIds(): string[] {
    return this.valid() ? [...this.investments] : [];
  }

  /** Called when the investments this host keeps change (claimed, released, lost, regained). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  state(): HostLeaseState {
    const valid = this.valid();
    return {
      host: this.options.host,
      valid,
      accounts: valid ? this.accounts.length : 0,
      bots: valid ? this.investments.size : 0,
      lostReason: valid ? null : this.lostReason,
    };
  }

  /**
   * Gives up the accounts other hosts asked for on which no bot runs here any more (`botsHere`:
   * the investments whose bots this host's pm2 still has, once the supervisor has stopped the
   * others), so that the asker need not wait for their leases to run out.
   */
  async handOver(botsHere: ReadonlySet<string>): Promise<void> {
    const { store, host, logger } = this.options;
    if (this.closed) return;
    try {
      const asked = await store.askedOf(host);
      const free = asked
        .filter((account) => account.investmentIds.every((id) => !botsHere.has(id)))
        .map((account) => account.accountId);
      if (free.length === 0) return;
      await store.handOver(host, free);
      logger.info({ host, accounts: free.length }, 'bot host hands accounts over');
    } catch (error) {
      logger.warn(
        { host, error: String(error) },
        'bot host could not hand accounts over: their leases run out',
      );
    }
  }

  /** Lets every account go at once (a host stopping on purpose), so that others need not wait for the lease. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    await this.renewing;
    this.validUntil = Number.NEGATIVE_INFINITY;
    await this.options.store.releaseAll(this.options.host).catch((error: unknown) => {
      this.options.logger.warn(
        { host: this.options.host, error: String(error) },
        'bot host leases not released',
      );
    });
  }

  private valid(): boolean {
    return !this.closed && this.now() < this.validUntil;
  }

  private async renew(): Promise<void> {
    const { store, host, capacity, leaseMs } = this.options;
    const started = this.now();
    try {
      await store.beat(host, capacity, leaseMs);
      await store.releaseIdle(host);
      const renewed = await store.renew(host, leaseMs);
      const held = [...renewed, ...(await this.claimShare(renewed, await store.share(host)))];
      const running = await store.runningOf(host);
      if (this.closed) return;
      if (this.lostReason) this.options.logger.info({ host }, 'bot host leases renewed again');
      this.accounts = held;
      this.investments = new Set(running);
      this.validUntil = started + leaseMs * LOCAL_VALIDITY;
      this.lostReason = null;
      this.watchExpiry();
    } catch (error) {
      if (this.closed) return;
      const reason = `leases not renewed: ${String(error)}`;
      if (!this.lostReason)
        this.options.logger.warn({ host, error: String(error) }, 'bot host leases not renewed');
      this.lostReason = reason;
    }
    this.tellIfChanged();
  }

  /**
   * Claims unheld accounts up to the fair share, within the capacity in bots, and asks the hosts
   * above their share for what is still missing. Returns the accounts claimed.
   */
  private async claimShare(held: readonly string[], share: HostShare): Promise<string[]> {
    const { store, host, capacity, leaseMs, logger } = this.options;
    const fairShare = fairShareOf(share);
    const room = fairShare - held.length - share.asked;
    if (room <= 0) return [];
    let bots = (await store.runningOf(host)).length;
    const toClaim = withinCapacity(await store.claimable(room), bots, capacity);
    const claimed = await store.claim(
      host,
      toClaim.map(({ accountId }) => accountId),
      leaseMs,
    );
    bots += toClaim
      .filter(({ accountId }) => claimed.includes(accountId))
      .reduce((sum, { bots }) => sum + bots, 0);
    const missing = room - claimed.length;
    if (missing <= 0 || share.hosts < 2) return claimed;
    const surplus = await store.surplus(host, fairShare, missing);
    const asked = await store.ask(
      host,
      withinCapacity(surplus, bots, capacity).map(({ accountId }) => accountId),
    );
    if (asked.length > 0) logger.info({ host, accounts: asked.length }, 'bot host asks for accounts');
    return claimed;
  }

  /** The moment the leases stop being believed, the bots must stop: told then, not at the next renewal. */
  private watchExpiry(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(() => this.expireIfDue(), Math.max(0, this.validUntil - this.now()) + 1);
    this.expiryTimer.unref();
  }

  private expireIfDue(): void {
    if (this.closed) return;
    // A timer counts from the event loop's cached time, which lags the monotonic clock while the
    // loop is busy, so it can fire a little early: then it waits again rather than never telling.
    if (this.valid()) return this.watchExpiry();
    this.lostReason ??= 'leases expired before they could be renewed';
    this.options.logger.warn({ host: this.options.host, reason: this.lostReason }, 'bot host stops its bots');
    this.tellIfChanged();
  }

  private tellIfChanged(): void {
    const now = this.runningInvestmentIds();
    if (sameIds(this.told, now)) return;
    this.told = now;
    for (const listener of this.changeListeners) listener();
  }
}

/** The accounts over the live hosts, rounded up. */
const fairShareOf = (share: HostShare) => Math.ceil(share.accounts / share.hosts);

/** The candidates, in their order, whose bots fit beside the host's `bots` (at least one when it runs none). */
function withinCapacity<T extends AccountToClaim>(
  candidates: readonly T[],
  bots: number,
  capacity: number,
): T[] {
  const chosen: T[] = [];
  for (const candidate of candidates) {
    if (bots + candidate.bots > capacity && (bots > 0 || chosen.length > 0)) break;
    chosen.push(candidate);
    bots += candidate.bots;
  }
  return chosen;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
