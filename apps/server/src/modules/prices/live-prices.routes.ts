import { LIVE_PRICES_API } from '@platform/contracts';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { LivePricesService } from './live-prices.service';

export function livePricesRoutes(route: DeclareRoute, livePrices: LivePricesService): void {
  route(LIVE_PRICES_API.recent, ({ params }) => livePrices.recent(params.market));
}
