// Brute-force protection of passwords and 2FA codes (ASVS 2.2.1). Every password check counts on
// its account, whatever the address, and on its address, whatever the account; every code check
// counts on its user. The counters live in the database (throttle.repository.ts), and password
// hashing runs through a gate that refuses at once when too much of it is waiting.
import { SECURITY_MESSAGES } from '@platform/contracts';
import type { UserRow } from '@platform/db';
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RequestOrigin } from '../../lib/http';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuditTrail } from '../logs/logs.service';
import type { Counter, CounterPolicy, ThrottleRepository } from './throttle.repository';

export interface ThrottleOptions {
  /** Failed logins of one account (from any address) before it locks. */
  accountMaxFailures: number;
  /** Failed logins from one address (IPv6: its /64), over all accounts, per window. */
  addressMaxFailures: number;
  /** The first lock of an account or of its 2FA codes; each following one lasts twice as long. */
  lockMinutes: number;
  /** Password hashes computed at once; a few times as many wait, the rest are refused with 503. */
  hashConcurrency: number;
}

export const DEFAULT_THROTTLE_OPTIONS: ThrottleOptions = {
  accountMaxFailures: 10,
  addressMaxFailures: 50,
  lockMinutes: 15,
  hashConcurrency: 2,
};

/** Wrong codes of one user before its code checks lock: six digits leave no room for more. */
const OTP_MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
/** Waiting hashes per running one: at about 50 ms a hash, a wait of well under a second. */
const HASH_QUEUE_PER_SLOT = 8;
/** Counters untouched this long (and not locked) are dropped, once every CLEANUP_EVERY attempts. */
const STALE_MS = 24 * 60 * 60_000;
const CLEANUP_EVERY = 500;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** IPv4 as is, IPv6 by its /64 (one customer's block), IPv4-mapped IPv6 as the IPv4 address. */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIPv4(ip) || !isIPv6(ip)) return ip.slice(0, 64);
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Refuses with 503 instead of queueing without end when logins come faster than hashes finish. */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLength = concurrency * HASH_QUEUE_PER_SLOT,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.queueLength)
      await new Promise<void>((start) => this.waiting.push(start));
    else throw new AppError(503, SECURITY_MESSAGES.busy);
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiting hash, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export class LoginThrottle {
  private readonly account: CounterPolicy;
  private readonly address: CounterPolicy;
  private readonly otp: CounterPolicy;
  private readonly gate: HashGate;
  private attempts = 0;

  constructor(
    private readonly repository: ThrottleRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    options: ThrottleOptions,
  ) {
    const lockMs = options.lockMinutes * 60_000;
    this.account = { max: options.accountMaxFailures, windowMs: WINDOW_MS, lockMs };
    this.address = { max: options.addressMaxFailures, windowMs: WINDOW_MS, lockMs: null };
    this.otp = { max: OTP_MAX_FAILURES, windowMs: WINDOW_MS, lockMs };
    this.gate = new HashGate(options.hashConcurrency);
  }

  /**
   * Runs a credential check (password or remember token) of username under the account's and the
   * address's counters: 429 while either is over its limit, a false answer is a failure; 503 when
   * the hashing gate has no room.
   */
  async guardLogin<T>(
    username: string,
    origin: RequestOrigin,
    check: () => Promise<T | false>,
  ): Promise<T | false> {
    const account: Counter = {
      key: `account:${sha256(username.trim().toLowerCase())}`,
      policy: this.account,
    };
    const address: Counter = {
      key: `address:${sha256(addressGroup(origin.ipAddress))}`,
      policy: this.address,
    };
    // The whole attempt passes the gate, counters included: a flood is refused before it costs
    // the database anything, and check may hash without queueing again.
    const result = await this.gate.run(() => this.guard([account, address], check));
    if (result.refusedKey) {
      this.audit.warn({
        action: 'LOGIN_THROTTLED',
        description: `Accesso rifiutato: troppi tentativi falliti ${result.refusedKey === account.key ? "per l'account" : "dall'indirizzo"}`,
        origin,
      });
      throw new AppError(
        429,
        result.refusedKey === account.key
          ? SECURITY_MESSAGES.accountLocked
          : SECURITY_MESSAGES.addressThrottled,
      );
    }
    if (result.value !== false)
      await this.repository.settleSuccess([account.key], [address.key], this.clock.now());
    else if (result.lockedUntil) {
      await this.audit.record({
        action: 'LOGIN_LOCKED',
        description: `Accesso bloccato fino alle ${result.lockedUntil.toISOString()} dopo troppi tentativi falliti: ${username}`,
        userId: null,
        origin,
        metadata: { username },
      });
    }
    return result.value;
  }

  /** A user's password, checked like a login: wrong ones count towards the account's lock. */
  verifyUserPassword(user: UserRow, password: string, origin: RequestOrigin): Promise<boolean> {
    return this.guardLogin(
      user.username,
      origin,
      async () => (await verifyPassword(user.passwordHash, password)) || false,
    );
  }

  /** A new password's hash, through the same gate. */
  hashPassword(password: string): Promise<string> {
    return this.gate.run(() => hashPassword(password));
  }

  /** Runs a 2FA code check of user under its code counter: 429 while locked, false is a failure. */
  async guardCode(user: UserRow, origin: RequestOrigin, check: () => Promise<boolean>): Promise<boolean> {
    const counter: Counter = { key: `otp:${user.id}`, policy: this.otp };
    const result = await this.guard([counter], async () => (await check()) || false);
    if (result.refusedKey) {
      this.audit.warn({
        action: 'OTP_THROTTLED',
        description: 'Verifica del codice 2FA rifiutata: troppi codici errati',
        userId: user.id,
        origin,
      });
      throw new AppError(429, SECURITY_MESSAGES.otpLocked);
    }
    if (result.value) await this.repository.settleSuccess([counter.key], [], this.clock.now());
    else if (result.lockedUntil) {
      await this.audit.record({
        action: 'OTP_LOCKED',
        description: `Verifica dei codici 2FA bloccata fino alle ${result.lockedUntil.toISOString()} dopo troppi codici errati`,
        userId: user.id,
        origin,
      });
    }
    return result.value;
  }

  /** Forgets the wrong codes of a user, whose 2FA an admin reset. */
  async clearCodes(userId: string): Promise<void> {
    await this.repository.clear([`otp:${userId}`]);
  }

  private async guard<T>(
    counters: Counter[],
    check: () => Promise<T | false>,
  ): Promise<{ value: T | false; refusedKey?: string; lockedUntil?: Date }> {
    const now = this.clock.now();
    if (++this.attempts % CLEANUP_EVERY === 0)
      await this.repository.deleteStale(new Date(now.getTime() - STALE_MS), now);
    const reserved = await this.repository.reserve(counters, now);
    if ('refusal' in reserved) return { value: false, refusedKey: reserved.refusal.key };
    let value: T | false;
    try {
      value = await check();
    } catch (error) {
      // Busy or broken: no answer about the credentials, so no failure either.
      await this.repository.cancel(
        counters.map((counter) => counter.key),
        this.clock.now(),
      );
      throw error;
    }
    if (value !== false || !reserved.atLimit) return { value };
    const locks = await this.repository.settleFailure(counters, this.clock.now());
    return { value, ...(locks[0] ? { lockedUntil: locks[0].until } : {}) };
  }
}
