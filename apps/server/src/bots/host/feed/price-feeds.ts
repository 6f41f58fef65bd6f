// Every market's prices from one place (DESIGN.md section 7): a broker's quote stream where one is
// configured and starts, else the replay of the market's stored bars.
import type { Market } from '@platform/contracts';
import type { PriceHistory } from '../../../modules/marketdata/price-history';
import type { Logger } from '../../../lib/logger';
import type { PriceEvent } from '../../protocol/hub-protocol';
import { BrokerFeeds, type QuoteSource } from './broker-feeds';
import { ReplayFeeds } from './replay-feeds';

export const MARKETS: readonly Market[] = ['GOLD', 'NASDAQ', 'EURUSD'];

export interface PriceFeedsOptions {
  prices: PriceHistory;
  /** 1 is real time (FEED_SPEED). */
  feedSpeed: number;
  /** Where in the week the replay starts (ReplayFeedsOptions.from). */
  replayFrom?: number;
  /** A quote source per market whose stream feeds the market (FEED_SOURCE=capital); else the replay. */
  brokerFeed?: (market: Market) => QuoteSource;
  publish: (event: PriceEvent) => void;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface PriceFeeds {
  stop(): Promise<void>;
}

export async function startPriceFeeds(options: PriceFeedsOptions): Promise<PriceFeeds> {
  const { publish, logger } = options;
  const streams = options.brokerFeed
    ? new BrokerFeeds({ markets: MARKETS, brokerFor: options.brokerFeed, publish, logger })
    : null;
  const streamed = (await streams?.start()) ?? [];
  const replays = new ReplayFeeds({
    prices: options.prices,
    markets: MARKETS.filter((market) => !streamed.includes(market)),
    speed: options.feedSpeed,
    from: options.replayFrom,
    publish,
  });
  const replayed = await replays.start();
  logger.info({ streamed, replayed, speed: options.feedSpeed }, 'price feeds started');
  return {
    async stop() {
      replays.stop();
      await streams?.stop();
    },
  };
}
