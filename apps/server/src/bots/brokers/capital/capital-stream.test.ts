import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../broker';
import type { CapitalFake } from '../../../../test/support/capital/capital-fake';
import type { CapitalAccountLink } from './capital-link';
import { silentLogger } from './capital-ports';
import { CapitalQuoteStream, type StreamTiming } from './capital-stream';
import { linkOn, manualTimers, startFake } from '../../../../test/support/capital/capital-test-fixtures';

const FAST = { pingIntervalMs: 60_000, pongTimeoutMs: 1_000, reconnectMinMs: 20, reconnectMaxMs: 50 };

let fake: CapitalFake;
let links: CapitalAccountLink[];
let quotes: Quote[];
beforeEach(async () => {
  fake = await startFake();
  links = [];
  quotes = [];
});
afterEach(async () => {
  for (const link of links) await link.close();
  await fake.close();
});

/** The account's link, whose one stream carries the quotes of every epic its bots trade. */
function connected(stream: Partial<StreamTiming> = FAST): {
  subscribeQuotes: (listener: (quote: Quote) => void) => () => void;
  link: CapitalAccountLink;
} {
  const link = linkOn(fake, { stream });
  links.push(link);
  return { link, subscribeQuotes: (listener) => link.quotes('GOLD', listener) };
}

/** Pushes quotes until one arrives: the subscription is in place from then on. */
async function firstQuoteOf(bid: number, ofr: number): Promise<void> {
  await vi.waitFor(() => {
    fake.pushQuote('GOLD', bid, ofr);
    expect(quotes.length).toBeGreaterThan(0);
  });
}

describe('Capital.com quote stream', () => {
  it("subscribes to the bot's epic with the session tokens and delivers bid, ask from ofr, and time", async () => {
    const broker = connected();
    broker.subscribeQuotes((quote) => quotes.push(quote));
    await firstQuoteOf(2001.25, 2001.75);
    const before = Date.now();
    fake.pushQuote('US100', 18000, 18001);
    fake.pushQuote('GOLD', 2002, 2002.4);

    await vi.waitFor(() => expect(quotes.at(-1)).toMatchObject({ bid: 2002, ask: 2002.4 }));
    expect(quotes[0]).toMatchObject({ bid: 2001.25, ask: 2001.75 });
    expect(quotes.every((quote) => quote.bid !== 18000)).toBe(true);
    expect(quotes.at(-1)?.time).toBeGreaterThanOrEqual(before - 5);
    expect(fake.stream).toMatchObject({ connections: 1, subscriptions: 1 });
  });

  it("carries every epic of the account's bots on one connection", async () => {
    const { link } = connected();
    const nasdaq: Quote[] = [];
    link.quotes('GOLD', (quote) => quotes.push(quote));
    await firstQuoteOf(2000, 2000.5);
    link.quotes('US100', (quote) => nasdaq.push(quote));
    await vi.waitFor(() => {
      fake.pushQuote('US100', 18000, 18001);
      expect(nasdaq.length).toBeGreaterThan(0);
    });
    expect(nasdaq[0]).toMatchObject({ bid: 18000, ask: 18001 });
    expect(fake.stream.connections).toBe(1);
  });

  it('reconnects after the connection drops, subscribes again, and quotes resume', async () => {
    const broker = connected();
    broker.subscribeQuotes((quote) => quotes.push(quote));
    await firstQuoteOf(2000, 2000.5);

    fake.dropStreams();
    await vi.waitFor(() => expect(fake.stream).toMatchObject({ connections: 2, subscriptions: 2 }));
    quotes = [];
    fake.pushQuote('GOLD', 2010, 2010.5);

    await vi.waitFor(() => expect(quotes).toEqual([expect.objectContaining({ bid: 2010, ask: 2010.5 })]));
  });

  it('pings to stay alive, and a ping left unanswered drops the connection and opens another', async () => {
    const broker = connected({ ...FAST, pingIntervalMs: 20, pongTimeoutMs: 200 });
    broker.subscribeQuotes((quote) => quotes.push(quote));

    await vi.waitFor(() => expect(fake.stream.pings).toBeGreaterThanOrEqual(3));
    expect(fake.stream.connections).toBe(1);

    fake.ignorePings(true);
    await vi.waitFor(() => expect(fake.stream.connections).toBe(2));
    fake.ignorePings(false);
    quotes = [];
    await firstQuoteOf(2003, 2003.5);
  });

  it('renews the session when the stream refuses stale tokens, then streams again', async () => {
    const broker = connected();
    broker.subscribeQuotes((quote) => quotes.push(quote));
    await firstQuoteOf(2000, 2000.5);

    fake.expireSessions();
    fake.dropStreams();
    await vi.waitFor(() => expect(fake.count('POST', '/api/v1/session')).toBe(2));
    quotes = [];

    await firstQuoteOf(2020, 2020.5);
  });

  it('stops when the last listener leaves', async () => {
    const broker = connected();
    const stop = broker.subscribeQuotes((quote) => quotes.push(quote));
    await firstQuoteOf(2000, 2000.5);

    stop();
    await vi.waitFor(() => expect(fake.pushQuote('GOLD', 2001, 2001.5)).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST.reconnectMaxMs));
    expect(fake.stream.connections).toBe(1);
  });

  it('waits longer after each failed reconnection, doubling up to the cap', async () => {
    const clock = manualTimers();
    const tokens = { cst: 'c', securityToken: 's' };
    const stream = new CapitalQuoteStream({
      url: 'ws://127.0.0.1:1/connect', // nothing listens: every attempt fails
      auth: { tokens: () => Promise.resolve(tokens), renew: () => Promise.resolve(tokens) },
      timers: clock.timers,
      logger: silentLogger,
      timing: { ...FAST, reconnectMinMs: 100, reconnectMaxMs: 400 },
    });
    stream.subscribe('GOLD', () => undefined);

    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await vi.waitFor(() => expect(clock.pendingDelays()).toHaveLength(1));
      const [delay = 0] = clock.pendingDelays();
      delays.push(delay);
      clock.advance(delay);
    }
    stream.close();

    expect(delays).toEqual([100, 200, 400, 400, 400]);
    expect(clock.pendingDelays()).toEqual([]);
  });
});
