// The Capital.com fake's test data: an account and three markets with dealing rules. Apart from
// the adapter's fixtures (capital-test-fixtures.ts, which re-exports these), nothing here imports
// the server's code, so the fake's own tests run whatever state the adapter is in.
import type { FakeAccount } from './capital-fake';
import type { FakeMarket, FakeOpeningHours } from './capital-fake-shapes';

export const ACCOUNT: FakeAccount = {
  apiKey: 'key-7Hq2-demo',
  identifier: 'anna@example.com',
  password: 'S3greta!Pw',
};

/**
 * Capital.com documents no market's dealing rules (spec/capital-api.md section 4: read them at run
 * time); these are plausible values, chosen to make a client convert and round its sizes. GOLD is
 * sized in troy ounces, US100 in dollars a point, EURUSD in euros. US100's minimum stop distance is
 * a PERCENTAGE so that a client handles both units. No market has opening hours here: the tests
 * that use the adapter run on the wall clock, and a weekend must not close their markets.
 */
export const MARKETS: FakeMarket[] = [
  {
    epic: 'GOLD',
    instrumentName: 'Gold',
    instrumentType: 'COMMODITIES',
    marketStatus: 'TRADEABLE',
    bid: 2000,
    offer: 2000.5,
    lotSize: 1,
    minDealSize: 1,
    minSizeIncrement: 0.01,
    maxDealSize: 5_000,
    minStopDistance: { unit: 'POINTS', value: 0.5 },
  },
  {
    epic: 'US100',
    instrumentName: 'US Tech 100',
    instrumentType: 'INDICES',
    marketStatus: 'TRADEABLE',
    bid: 18000,
    offer: 18001,
    lotSize: 1,
    minDealSize: 0.1,
    minSizeIncrement: 0.1,
    maxDealSize: 2_000,
    minStopDistance: { unit: 'PERCENTAGE', value: 0.05 },
    decimals: 1,
  },
  {
    epic: 'EURUSD',
    instrumentName: 'EUR/USD',
    instrumentType: 'CURRENCIES',
    marketStatus: 'TRADEABLE',
    bid: 1.08,
    offer: 1.0801,
    lotSize: 1,
    minDealSize: 100,
    minSizeIncrement: 1,
    maxDealSize: 50_000_000,
    minStopDistance: { unit: 'POINTS', value: 0.0005 },
    decimals: 5,
  },
];

/**
 * Gold's week as CFD brokers trade it, in UTC: Sunday 22:00 to Friday 21:00 with a daily hour's
 * break at 21:00 (and Capital.com's shape for it). A test that uses it passes the fake a clock.
 */
export const GOLD_OPENING_HOURS: FakeOpeningHours = {
  mon: ['00:00 - 21:00', '22:00 - 00:00'],
  tue: ['00:00 - 21:00', '22:00 - 00:00'],
  wed: ['00:00 - 21:00', '22:00 - 00:00'],
  thu: ['00:00 - 21:00', '22:00 - 00:00'],
  fri: ['00:00 - 21:00'],
  sat: [],
  sun: ['22:00 - 00:00'],
  zone: 'UTC',
};
