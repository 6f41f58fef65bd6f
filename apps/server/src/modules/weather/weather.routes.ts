import { weatherQuerySchema } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parse } from '../../lib/http';
import type { WeatherService } from './weather.service';

/** Public, like the access screen that calls it; limited because each call spends the API quota. */
const rateLimit = { max: 30, timeWindow: 60_000 };

export function weatherRoutes(app: FastifyInstance, weather: WeatherService): void {
  app.get('/api/weather', { config: { rateLimit } }, async (request) =>
    ok(await weather.forecast(parse(weatherQuerySchema, request.query).q)),
  );
}
