// The price feed from a broker's quote stream (DESIGN.md section 7), when one is configured: a
// Capital.com session of the platform's own (FEED_SOURCE=capital) streams each market's quotes to
// the paper bots and the overview's charts. A market whose stream cannot start is left to the
// replay of its stored bars, so the charts always move.
import type { Market } from '@platform/contracts';
import type { Quote } from '../../brokers/broker';
import type { PriceEvent } from '../../protocol/hub-protocol';
import { quoteEvents } from '../quote-events';

/** A market's quotes from a broker. */
export interface QuoteSource {
  connect(): Promise<void>;
  /** The returned function unsubscribes. */
  subscribeQuotes(onQuote: (quote: Quote) => void): () => void;
  disconnect(): Promise<void>;
}

export interface BrokerFeedsOptions {
  markets: readonly Market[];
  /** The market's quote source, not yet connected. */
  brokerFor: (market: Market) => QuoteSource;
  publish: (event: PriceEvent) => void;
  logger: { warn(data: object, message: string): void };
}

export class BrokerFeeds {
  private readonly running: { broker: QuoteSource; unsubscribe: () => void }[] = [];

  constructor(private readonly options: BrokerFeedsOptions) {}

  /** Starts a stream per market; returns the markets whose stream started. */
  async start(): Promise<Market[]> {
    const started: Market[] = [];
    for (const market of this.options.markets) {
      const broker = this.options.brokerFor(market);
      try {
        await broker.connect();
        const toEvent = quoteEvents(market);
        const unsubscribe = broker.subscribeQuotes((quote) => this.options.publish(toEvent(quote)));
        this.running.push({ broker, unsubscribe });
        started.push(market);
      } catch (error) {
        this.options.logger.warn(
          { market, error: String(error) },
          'broker quote stream unavailable: the stored bars are replayed instead',
        );
        await broker.disconnect().catch(() => undefined);
      }
    }
    return started;
  }

  async stop(): Promise<void> {
    for (const { broker, unsubscribe } of this.running.splice(0)) {
      unsubscribe();
      await broker.disconnect().catch(() => undefined);
    }
  }
}
