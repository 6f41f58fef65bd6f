import { WEATHER_API } from '@platform/contracts';
import type { DeclareRoute } from '../../plugins/endpoint-routes';
import type { WeatherService } from './weather.service';

/** Public, like the access screen that calls it; limited because each call spends the API quota. */
const rateLimit = { max: 30, timeWindow: 60_000 };

export function weatherRoutes(route: DeclareRoute, weather: WeatherService): void {
  route(WEATHER_API.forecast, ({ query }) => weather.forecast(query.q), { config: { rateLimit } });
}
