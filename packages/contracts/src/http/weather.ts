// GET /api/weather, the server's proxy of the weatherapi.com forecast for the access screen's
// weather widget (product-spec.md sections 2 and 7, Third party; DESIGN.md section 3).
import * as z from 'zod';
import { WEATHER_MESSAGES } from '../messages';
import { endpoint } from './endpoint';

const coordinate = (text: string) => Number(text.trim());

/** q is "latitude,longitude" in decimal degrees, as the browser's geolocation gives them. */
export const weatherQuerySchema = z.object({
  q: z
    .string({ error: WEATHER_MESSAGES.badLocation })
    .regex(/^\s*[-+]?\d{1,3}(\.\d+)?\s*,\s*[-+]?\d{1,3}(\.\d+)?\s*$/, WEATHER_MESSAGES.badLocation)
    .transform((q) => {
      const [lat = '', lon = ''] = q.split(',');
      return { lat: coordinate(lat), lon: coordinate(lon) };
    })
    .refine(({ lat, lon }) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180, WEATHER_MESSAGES.badLocation),
});
export type WeatherLocation = z.output<typeof weatherQuerySchema>['q'];

/** Our own icon set, chosen by the server from the forecast's condition code. */
export const weatherIconSchema = z.enum([
  'clear',
  'partly-cloudy',
  'cloudy',
  'fog',
  'rain',
  'snow',
  'thunder',
]);
export type WeatherIcon = z.infer<typeof weatherIconSchema>;

export const weatherDaySchema = z.object({
  /** YYYY-MM-DD, the day at the location. */
  date: z.string(),
  /** In Italian (lang=it). */
  condition: z.string(),
  icon: weatherIconSchema,
  minTemp: z.number(),
  maxTemp: z.number(),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;

/** Today first, then the next days (three in all when the forecast has them). */
export const weatherForecastSchema = z.object({
  city: z.string(),
  days: z.array(weatherDaySchema),
});
export type WeatherForecast = z.infer<typeof weatherForecastSchema>;

export const WEATHER_API = {
  forecast: endpoint({
    method: 'GET',
    path: '/api/weather',
    access: 'public',
    summary: "The forecast at a position for the access screen's weather widget (proxy of weatherapi.com).",
    query: weatherQuerySchema,
    response: weatherForecastSchema,
  }),
};
