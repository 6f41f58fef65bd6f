// The one outside call of the weather module: weatherapi.com's forecast, read with a schema of
// only the fields the widget needs. The base URL is configurable so tests use a loopback fake.
import * as z from 'zod';

/** The documented forecast.json answer, reduced to what is read. */
const forecastAnswerSchema = z.object({
  location: z.object({ name: z.string() }),
  forecast: z.object({
    forecastday: z.array(
      z.object({
        date: z.string(),
        day: z.object({
          maxtemp_c: z.number(),
          mintemp_c: z.number(),
          condition: z.object({ text: z.string(), code: z.number() }),
        }),
      }),
    ),
  }),
});
export type ForecastAnswer = z.infer<typeof forecastAnswerSchema>;

export interface ForecastRequest {
  apiKey: string;
  lat: number;
  lon: number;
  days: number;
}

export interface ForecastProvider {
  /** Rejects with an Error whose message says why (status, timeout, shape). */
  forecast(request: ForecastRequest): Promise<ForecastAnswer>;
}

export const WEATHERAPI_URL = 'https://api.weatherapi.com/v1';

/** The upstream has this long to answer; the widget is decoration and must not hang. */
const TIMEOUT_MS = 8_000;

export function createWeatherApiClient(baseUrl: string): ForecastProvider {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async forecast({ apiKey, lat, lon, days }) {
      const url = new URL(`${root}/forecast.json`);
      url.search = new URLSearchParams({
        key: apiKey,
        q: `${lat},${lon}`,
        lang: 'it',
        days: String(days),
      }).toString();
      const response = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) {
        // weatherapi.com explains refusals as {error: {code, message}}; keep it for the log.
        const detail = await response.text().catch(() => '');
        throw new Error(`weatherapi.com answered ${response.status}: ${detail.slice(0, 200)}`);
      }
      const parsed = forecastAnswerSchema.safeParse(await response.json());
      if (!parsed.success)
        throw new Error(
          `weatherapi.com answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`,
        );
      return parsed.data;
    },
  };
}
