import { WEATHER_API } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../plugins/authentication';
import { routesFor } from '../../plugins/endpoint-routes';
import type { WeatherService } from './weather.service';

/** Public, like the access screen that calls it; limited because each call spends the API quota. */
const rateLimit = { max: 30, timeWindow: 60_000 };

export function weatherRoutes(app: FastifyInstance, weather: WeatherService, guards: Guards): void {
  routesFor(app, guards)(WEATHER_API.forecast, ({ query }) => weather.forecast(query.q), { config: { rateLimit } });
}
