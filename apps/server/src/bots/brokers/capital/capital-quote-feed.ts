// A market's quotes from a Capital.com account's stream, for the platform's own price feed
// (FEED_SOURCE=capital, feed/broker-feeds.ts): the market's epic is resolved as a bot's is, then
// its quotes come from the account link's one stream.
import type { Market } from '@platform/contracts';
import type { Quote } from '../broker';
import type { QuoteSource } from '../../host/feed/broker-feeds';
import type { CapitalAccountLink } from './capital-link';
import { resolveMarket } from './capital-market';

export class CapitalQuoteFeed implements QuoteSource {
  #epic: string | null = null;

  constructor(
    private readonly link: CapitalAccountLink,
    private readonly market: Market,
  ) {}

  async connect(): Promise<void> {
    this.#epic = (await resolveMarket(this.link, this.market)).epic;
  }

  subscribeQuotes(onQuote: (quote: Quote) => void): () => void {
    if (this.#epic === null) throw new Error('CapitalQuoteFeed: connect() first');
    return this.link.quotes(this.#epic, onQuote);
  }

  /** The link is the feed account's, shared by every market: main closes it. */
  disconnect(): Promise<void> {
    return Promise.resolve();
  }
}
