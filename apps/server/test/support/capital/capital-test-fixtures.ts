// Test data for the Capital.com adapter's tests: an account and three markets (capital-fake-data.ts),
// a fake with them, a broker pointed at it with short timeouts, and timers a test moves by hand.
import type { OpenOrder } from '../../../src/bots/brokers/broker';
import type { Market } from '@platform/contracts';
import type { InstrumentSpec } from '@platform/engine';
import { CapitalBroker, type CapitalBrokerOptions } from '../../../src/bots/brokers/capital/capital-broker';
import {
  CapitalAccountLink,
  type CapitalAccountLinkOptions,
} from '../../../src/bots/brokers/capital/capital-link';
import { silentLogger } from '../../../src/bots/brokers/capital/capital-ports';
import { CapitalFake, type CapitalFakeOptions } from './capital-fake';
import { ACCOUNT, MARKETS } from './capital-fake-data';
import { realTimers, type Timers } from '../../../src/bots/timers';

export { ACCOUNT, GOLD_OPENING_HOURS, MARKETS } from './capital-fake-data';

/**
 * Capital.com allows one login per second per key; the tests scale that second down to this, on
 * both sides, to stay fast. One test holds the adapter's default to the real second.
 */
export const TEST_LOGIN_INTERVAL_MS = 100;

export function startFake(options: CapitalFakeOptions = {}): Promise<CapitalFake> {
  return CapitalFake.start({
    accounts: [ACCOUNT],
    markets: MARKETS,
    loginIntervalMs: TEST_LOGIN_INTERVAL_MS,
    ...options,
  });
}

/** The engine's instruments (engine.md section 1): their contract sizes convert lots to Capital.com's sizes. */
export const INSTRUMENTS: Record<Market, InstrumentSpec> = {
  GOLD: { point: 0.1, contractSize: 100, spreadPoints: 3 },
  NASDAQ: { point: 1, contractSize: 1, spreadPoints: 2 },
  EURUSD: { point: 0.0001, contractSize: 100_000, spreadPoints: 1 },
};

/** The account's link to the fake (its session, request budget and quote stream), with short timeouts. */
export function linkOn(
  fake: CapitalFake,
  options: Partial<CapitalAccountLinkOptions> = {},
): CapitalAccountLink {
  return new CapitalAccountLink({
    apiUrl: fake.apiUrl,
    streamUrl: fake.streamUrl,
    credentials: ACCOUNT,
    logger: silentLogger,
    timers: realTimers,
    requestTimeoutMs: 2_000,
    minLoginIntervalMs: TEST_LOGIN_INTERVAL_MS,
    ...options,
  });
}

/** A GOLD broker on the fake, on a link of its own unless given one. */
export function brokerOn(fake: CapitalFake, options: Partial<CapitalBrokerOptions> = {}): CapitalBroker {
  const market = options.market ?? 'GOLD';
  return new CapitalBroker({
    link: options.link ?? linkOn(fake),
    market,
    instrument: INSTRUMENTS[market],
    confirmTimeoutMs: 1_000,
    confirmIntervalMs: 10,
    ...options,
  });
}

export function order(overrides: Partial<OpenOrder> = {}): OpenOrder {
  return {
    clientRef: 'intent-1',
    lots: 0.5,
    bid: 2000,
    sentAt: new Date(),
    stopLevel: null,
    profitLevel: null,
    limitLevel: null,
    dealReference: null,
    ...overrides,
  };
}

/** Timers whose clock moves only when the test says; due callbacks run as it moves. */
export function manualTimers(start = Date.now()) {
  let now = start;
  let nextId = 1;
  const pending = new Map<number, { at: number; ms: number; callback: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (callback, ms) => {
      pending.set(nextId, { at: now + ms, ms, callback });
      return nextId++;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** The delays of the timers waiting now. */
    pendingDelays: () => [...pending.values()].map((timer) => timer.ms),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.callback();
      }
    },
  };
}
