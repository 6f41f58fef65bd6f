// The feed from Capital.com's quote stream (against the loopback fake): quotes become price
// events (a minute's first quote opens a bar), a market the broker cannot stream is left out.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CapitalQuoteFeed } from '../../brokers/capital/capital-quote-feed';
import { MARKETS, linkOn, startFake } from '../../../../test/support/capital/capital-test-fixtures';
import type { PriceEvent } from '../../protocol/hub-protocol';
import { BrokerFeeds } from './broker-feeds';

describe('the broker quote feed', () => {
  it('publishes the quotes of each market it can stream, the first one opening a bar', async () => {
    // The account trades no EURUSD.
    const fake = await startFake({ markets: MARKETS.filter((market) => market.epic !== 'EURUSD') });
    onTestFinished(() => fake.close());
    const link = linkOn(fake, { stream: { reconnectMinMs: 20, reconnectMaxMs: 50 } });
    onTestFinished(() => link.close());
    const events: PriceEvent[] = [];
    const warnings: object[] = [];
    const feeds = new BrokerFeeds({
      markets: ['GOLD', 'EURUSD'],
      brokerFor: (market) => new CapitalQuoteFeed(link, market),
      publish: (event) => events.push(event),
      logger: { warn: (data) => warnings.push(data) },
    });
    onTestFinished(() => feeds.stop());
    expect(await feeds.start()).toEqual(['GOLD']);
    expect(warnings).toMatchObject([{ market: 'EURUSD' }]);

    await vi.waitFor(() => {
      fake.pushQuote('GOLD', 2001.5, 2001.8);
      expect(events.length).toBeGreaterThan(1);
    });
    expect(events[0]).toMatchObject({ market: 'GOLD', kind: 'open', price: 2001.5 });
    // Later quotes of the same minute are jumps; a new minute opens a bar.
    const sameMinute =
      Math.floor(events[1]!.sourceTime / 60_000) === Math.floor(events[0]!.sourceTime / 60_000);
    expect(events[1]).toMatchObject({ market: 'GOLD', kind: sameMinute ? 'jump' : 'open', price: 2001.5 });
  });
});
