// Test data for the Capital.com adapter's tests: an account, three markets, a fake with them,
// a broker pointed at it with short timeouts, and timers a test moves by hand.
import type { OpenOrder } from '../../../src/bots/brokers/broker';
import { CapitalBroker, type CapitalBrokerOptions } from '../../../src/bots/brokers/capital/capital-broker';
import { CapitalFake, type CapitalFakeOptions, type FakeAccount, type FakeMarket } from './capital-fake';
import type { Timers } from '../../../src/bots/brokers/capital/capital-ports';

export const ACCOUNT: FakeAccount = {
  apiKey: 'key-7Hq2-demo',
  identifier: 'anna@example.com',
  password: 'S3greta!Pw',
};

export const MARKETS: FakeMarket[] = [
  {
    epic: 'GOLD',
    instrumentName: 'Gold',
    marketStatus: 'TRADEABLE',
    bid: 2000,
    offer: 2000.5,
    minDealSize: 0.01,
  },
  {
    epic: 'US100',
    instrumentName: 'US Tech 100',
    marketStatus: 'TRADEABLE',
    bid: 18000,
    offer: 18001,
    minDealSize: 0.1,
  },
  {
    epic: 'EURUSD',
    instrumentName: 'EUR/USD',
    marketStatus: 'TRADEABLE',
    bid: 1.08,
    offer: 1.0801,
    minDealSize: 100,
  },
];

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

export function brokerOn(fake: CapitalFake, options: Partial<CapitalBrokerOptions> = {}): CapitalBroker {
  return new CapitalBroker({
    apiUrl: fake.apiUrl,
    streamUrl: fake.streamUrl,
    credentials: ACCOUNT,
    market: 'GOLD',
    requestTimeoutMs: 2_000,
    confirmTimeoutMs: 1_000,
    confirmIntervalMs: 10,
    minLoginIntervalMs: TEST_LOGIN_INTERVAL_MS,
    ...options,
  });
}

export function order(overrides: Partial<OpenOrder> = {}): OpenOrder {
  return { clientRef: 'intent-1', lots: 0.5, bid: 2000, sentAt: new Date(), stopLevel: null, ...overrides };
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
