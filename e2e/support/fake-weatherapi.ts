// A loopback stand-in for weatherapi.com's forecast.json (no internet in tests): the documented
// answer shape, three days from today, for Milano or Roma, whichever is nearer the asked `q`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWeatherApi {
  /** The base URL to give the server as WEATHER_API_URL. */
  url: string;
  /** The `q` of every forecast asked for, oldest first. */
  queries: string[];
  close(): Promise<void>;
}

const day = (offset: number, text: string, code: number, min: number, max: number) => ({
  date: new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10),
  day: {
    maxtemp_c: max,
    mintemp_c: min,
    condition: { text, icon: `//cdn.weatherapi.com/weather/64x64/day/${code}.png`, code },
  },
});

const PLACES = [
  { name: 'Milano', region: 'Lombardia', country: 'Italia', lat: 45.46, lon: 9.19 },
  { name: 'Roma', region: 'Lazio', country: 'Italia', lat: 41.9, lon: 12.5 },
] as const;

const FORECAST = {
  current: { temp_c: 14, condition: { text: 'Soleggiato', code: 1000 } },
  forecast: {
    forecastday: [
      day(0, 'Soleggiato', 1000, 7.1, 16.4),
      day(1, 'Parzialmente nuvoloso', 1003, 8.3, 14.2),
      day(2, 'Pioggia moderata', 1189, 6, 11.5),
    ],
  },
};

const forecastFor = (q: string) => {
  const [lat = 0, lon = 0] = q.split(',').map(Number);
  const distance = (place: (typeof PLACES)[number]) => Math.hypot(place.lat - lat, place.lon - lon);
  const location = PLACES.reduce((nearest, place) => (distance(place) < distance(nearest) ? place : nearest));
  return { ...FORECAST, location };
};

export async function startFakeWeatherApi(): Promise<FakeWeatherApi> {
  const queries: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const found = url.pathname.endsWith('/forecast.json');
    const q = url.searchParams.get('q') ?? '';
    if (found) queries.push(q);
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        found ? forecastFor(q) : { error: { code: 1005, message: 'API request url is invalid.' } },
      ),
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    queries,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
